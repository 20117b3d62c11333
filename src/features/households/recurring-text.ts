import type { HouseholdFrequency, RecurringHouseholdExpense } from '../../../schema/entities/household'
import { fromDayString } from '../../../schema/time'

export const FREQUENCY_LABELS: Record<HouseholdFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
}

/** 1st, 2nd, 3rd, 4th … 21st, 31st. */
export function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

/** "Every month on the 31st", "Every week on Tuesday", "Every year on 29 Feb". */
export function scheduleText(rule: Pick<RecurringHouseholdExpense, 'frequency' | 'dayOfMonth' | 'startDate'>): string {
  const start = new Date(fromDayString(rule.startDate))
  if (rule.frequency === 'weekly') return `Every week on ${start.toLocaleDateString('en-IN', { weekday: 'long' })}`
  if (rule.frequency === 'monthly') return `Every month on the ${ordinal(rule.dayOfMonth)}`
  return `Every year on ${rule.dayOfMonth} ${start.toLocaleDateString('en-IN', { month: 'short' })}`
}
