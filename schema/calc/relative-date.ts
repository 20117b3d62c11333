import { localDaysBetween } from './periods'

const time = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true })
const shortDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' })
const shortDateWithYear = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })

/** 'Today, 3:05 pm', 'Yesterday, 9:30 am', else '12 Nov' (with the year when it is not this year). */
export function relativeDate(ms: number, now: number): string {
  const days = localDaysBetween(ms, now)
  if (days === 0) return `Today, ${time.format(ms)}`
  if (days === 1) return `Yesterday, ${time.format(ms)}`
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear()
  return (sameYear ? shortDate : shortDateWithYear).format(ms)
}

/** 'Good Morning' before 12, 'Good Afternoon' before 18, else 'Good Evening' (local time). */
export function greeting(now: number): string {
  const hour = new Date(now).getHours()
  if (hour < 12) return 'Good Morning'
  if (hour < 18) return 'Good Afternoon'
  return 'Good Evening'
}
