import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvFileName, yearMonthOf } from '../../schema/calc/report'
import { localMonthWindow, monthKey } from '../../schema/time'

/** monthKey is the one 'YYYY-MM' helper (reports, the P&L, the monthly WhatsApp report). */
describe('monthKey', () => {
  const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) })

  it('names the local month of every instant inside it, and no other', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const { start, end } = localMonthWindow(ms)
        expect(monthKey(start)).toBe(monthKey(ms))
        expect(monthKey(end - 1)).toBe(monthKey(ms))
        expect(monthKey(end)).not.toBe(monthKey(ms))
        expect(monthKey(start - 1) < monthKey(ms)).toBe(true)
      }),
    )
  })

  it('agrees with the report’s calendar month and its CSV file name', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const { year, month } = yearMonthOf(ms)
        expect(monthKey(ms)).toBe(`${year}-${String(month + 1).padStart(2, '0')}`)
        expect(csvFileName(yearMonthOf(ms))).toBe(`hisaab-report-${monthKey(ms)}.csv`)
      }),
    )
  })

  it('is zero-padded: 2026-03, not 2026-3', () => {
    expect(monthKey(new Date(2026, 2, 15).getTime())).toBe('2026-03')
  })
})
