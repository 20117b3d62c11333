/** Local-calendar helpers shared by calculations; all take and return ms since the epoch. */

export function startOfLocalDay(ms: number): number {
  const d = new Date(ms)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

/** [start, end) of the local month containing `ms`. January is month 0 like any other. */
export function localMonthWindow(ms: number): { start: number; end: number } {
  const d = new Date(ms)
  const start = new Date(d.getFullYear(), d.getMonth(), 1).getTime()
  const end = new Date(d.getFullYear(), d.getMonth() + 1, 1).getTime()
  return { start, end }
}

/** 'YYYY-MM-DD' of the local day of `ms`. */
export function toDayString(ms: number): string {
  const d = new Date(ms)
  const mm = String(d.getMonth() + 1).padStart(2, '0')
  const dd = String(d.getDate()).padStart(2, '0')
  return `${d.getFullYear()}-${mm}-${dd}`
}

/** ms of local midnight of a 'YYYY-MM-DD' day, or NaN when it is not a real date. */
export function fromDayString(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return NaN
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])]
  const date = new Date(y, mo, d)
  if (date.getFullYear() !== y || date.getMonth() !== mo || date.getDate() !== d) return NaN
  return date.getTime()
}

/** 'YYYY-MM' of the local month containing `ms`. */
export function monthKey(ms: number): string {
  const d = new Date(ms)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}
