import { fromDayString } from '../../../schema/time'

/**
 * The picked calendar day ('YYYY-MM-DD') at the current local time of day, so entries of one day
 * keep the order they were made in and 'Today, 3:45 PM' shows when it was recorded.
 * NaN when the day is not a real date.
 */
export function dayAtCurrentTime(day: string, now: Date = new Date()): number {
  const midnight = fromDayString(day)
  if (Number.isNaN(midnight)) return NaN
  const d = new Date(midnight)
  d.setHours(now.getHours(), now.getMinutes(), now.getSeconds(), now.getMilliseconds())
  return d.getTime()
}
