import { relativeDate } from '../../../schema/calc/relative-date'

/** 'Today, 3:45 PM', 'Yesterday, 9:05 AM', else a short date: schema's relativeDate with upper-case AM/PM. */
export function formatWhen(ms: number, now: number = Date.now()): string {
  return relativeDate(ms, now).replace(/\s?\b(am|pm)\b/i, (m) => ` ${m.trim().toUpperCase()}`)
}
