import { describe, expect, it } from 'vitest'
import { allocationView, ALLOCATION_TEXTS } from '../../schema/calc/allocation'
import {
  DUE_GROUPS,
  dueSoon,
  formatDueDay,
  groupByDue,
  nextDueAfterPaid,
  reminderHorizon,
} from '../../schema/calc/recurring-schedule'
import { dueGroup } from '../../schema/calc/recurrence'
import { toDayString } from '../../schema/time'
import {
  parseAllocation,
  parseIncome,
  parseFrequency,
  parsePeriod,
  parseRecurring,
  parseReminderDays,
  PLAN_MESSAGES,
} from '../../schema/validation/plan-input'

/** A small deterministic generator so the invariant tests cover many cases reproducibly. */
function rng(seed: number) {
  let s = seed
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648
    return s / 2_147_483_648
  }
}

describe('allocationView', () => {
  it('income 50,000 with 60,000 allocated warns; with 30,000 allocated it gives the positive note', () => {
    const over = allocationView(5_000_000, [{ allocated: 6_000_000, spent: 100_000 }])
    expect(over).toMatchObject({ available: -1_000_000, allocatedPercent: 120, note: 'over', remaining: 5_900_000 })
    const ok = allocationView(5_000_000, [{ allocated: 3_000_000, spent: 0 }])
    expect(ok).toMatchObject({ available: 2_000_000, allocatedPercent: 60, note: 'ok' })
    expect(allocationView(5_000_000, []).note).toBe('none')
    expect(allocationView(0, []).allocatedPercent).toBe(0)
    expect(ALLOCATION_TEXTS.over).toBe("You've allocated more than your income!")
  })

  it('available + allocated = income and remaining + spent = allocated, in whole paise (invariant)', () => {
    const random = rng(7)
    for (let i = 0; i < 500; i++) {
      const income = Math.floor(random() * 1e9)
      const lines = Array.from({ length: Math.floor(random() * 8) }, () => ({
        allocated: Math.floor(random() * 2e8),
        spent: Math.floor(random() * 2e8),
      }))
      const v = allocationView(income, lines)
      expect(v.available + v.totalAllocated).toBe(income)
      expect(v.remaining + v.totalSpent).toBe(v.totalAllocated)
      for (const n of [v.available, v.totalAllocated, v.totalSpent, v.remaining]) expect(Number.isInteger(n)).toBe(true)
      expect(v.note === 'over').toBe(v.available < 0)
      if (v.note === 'ok') expect(v.available > 0 && v.totalAllocated > 0).toBe(true)
    }
  })
})

describe('recurring schedule', () => {
  it('Mark Paid moves a 31 Jan monthly payment to 28 Feb, then 31 Mar (anchored, no drift)', () => {
    const p = { frequency: 'monthly' as const, dueDate: '2027-01-31', nextDueDate: '2027-01-31' }
    const feb = nextDueAfterPaid(p)
    expect(feb).toBe('2027-02-28')
    expect(nextDueAfterPaid({ ...p, nextDueDate: feb })).toBe('2027-03-31')
    expect(nextDueAfterPaid({ ...p, dueDate: '2028-01-31', nextDueDate: '2028-01-31' })).toBe('2028-02-29')
    expect(nextDueAfterPaid({ frequency: 'weekly', dueDate: '2027-01-31', nextDueDate: '2027-01-31' })).toBe(
      '2027-02-07',
    )
    expect(nextDueAfterPaid({ frequency: 'yearly', dueDate: '2024-02-29', nextDueDate: '2024-02-29' })).toBe(
      '2025-02-28',
    )
  })

  it('groups every payment exactly once, soonest first, each in the group dueGroup names (invariant)', () => {
    const now = new Date(2027, 0, 31, 10).getTime()
    const random = rng(11)
    const payments = Array.from({ length: 200 }, (_, i) => {
      const d = new Date(2027, 0, 31 + Math.floor(random() * 60) - 20)
      return { id: i, nextDueDate: toDayString(d.getTime()) }
    })
    const groups = groupByDue(payments, now)
    const all = DUE_GROUPS.flatMap(({ key }) => groups[key])
    expect(all).toHaveLength(payments.length)
    expect(new Set(all.map((p) => p.id)).size).toBe(payments.length)
    for (const { key } of DUE_GROUPS) {
      const g = groups[key]
      g.forEach((p, i) => {
        expect(dueGroup(p.nextDueDate, now)).toBe(key)
        if (i > 0) expect(g[i - 1]!.nextDueDate <= p.nextDueDate).toBe(true)
      })
    }
    expect(DUE_GROUPS.map((g) => g.title)).toEqual(['DUE TODAY', 'UPCOMING THIS WEEK', 'LATER'])
  })

  it('due soon keeps the payments inside their own reminder window, overdue included', () => {
    const now = new Date(2027, 0, 31, 10).getTime()
    const due = dueSoon(
      [
        { name: 'far', nextDueDate: '2027-02-10', reminderDays: 3 },
        { name: 'edge', nextDueDate: '2027-02-03', reminderDays: 3 },
        { name: 'late', nextDueDate: '2027-01-20', reminderDays: 0 },
        { name: 'wide', nextDueDate: '2027-03-02', reminderDays: 30 },
        { name: 'outside', nextDueDate: '2027-02-04', reminderDays: 3 },
      ],
      now,
    )
    expect(due.map((p) => p.name)).toEqual(['late', 'edge', 'wide'])
    expect(reminderHorizon(now)).toBe('2027-03-02')
    expect(formatDueDay('2027-02-28')).toBe('28 Feb')
    expect(formatDueDay('2027-02-28', true)).toBe('28 Feb 2027')
  })
})

describe('plan input', () => {
  it('income and allocation amounts are required numbers, 0 to 100,000,000', () => {
    expect(parseIncome('')).toEqual({ ok: false, error: PLAN_MESSAGES.incomeRequired })
    expect(parseIncome('abc')).toEqual({ ok: false, error: PLAN_MESSAGES.amountInvalid })
    expect(parseIncome('-5')).toEqual({ ok: false, error: PLAN_MESSAGES.amountNegative })
    expect(parseIncome('100000000.01')).toEqual({ ok: false, error: PLAN_MESSAGES.amountTooLarge })
    expect(parseIncome('50,000')).toEqual({ ok: true, value: 5_000_000 })
    expect(parseAllocation(undefined)).toEqual({ ok: false, error: PLAN_MESSAGES.allocationRequired })
    expect(parseAllocation(0)).toEqual({ ok: true, value: 0 })
    expect(parseAllocation(60000.5)).toEqual({ ok: true, value: 6_000_050 })
  })

  it('a recurring payment needs name, amount, frequency and due date; reminder days 0–30, default 3', () => {
    const good = { name: ' Rent ', amount: '15000', category: '', frequency: 'monthly', dueDate: '2027-01-31' }
    expect(parseRecurring(good)).toEqual({
      ok: true,
      value: {
        name: 'Rent',
        amount: 1_500_000,
        category: '',
        frequency: 'monthly',
        dueDate: '2027-01-31',
        reminderDays: 3,
      },
    })
    expect(parseRecurring({ ...good, name: '  ' })).toMatchObject({
      ok: false,
      field: 'name',
      error: PLAN_MESSAGES.nameRequired,
    })
    expect(parseRecurring({ ...good, amount: '' })).toMatchObject({
      ok: false,
      field: 'amount',
      error: PLAN_MESSAGES.amountRequired,
    })
    expect(parseRecurring({ ...good, amount: '0' })).toMatchObject({
      ok: false,
      field: 'amount',
      error: PLAN_MESSAGES.amountPositive,
    })
    expect(parseRecurring({ ...good, frequency: 'hourly' })).toMatchObject({
      ok: false,
      field: 'frequency',
      error: PLAN_MESSAGES.frequencyInvalid,
    })
    expect(parseRecurring({ ...good, dueDate: '' })).toMatchObject({
      ok: false,
      field: 'dueDate',
      error: PLAN_MESSAGES.dueDateRequired,
    })
    expect(parseRecurring({ ...good, dueDate: '2027-02-30' })).toMatchObject({
      ok: false,
      field: 'dueDate',
      error: PLAN_MESSAGES.dueDateInvalid,
    })
    expect(parseRecurring({ ...good, reminderDays: '31' })).toMatchObject({
      ok: false,
      field: 'reminderDays',
      error: PLAN_MESSAGES.reminderInvalid,
    })
    expect(parseReminderDays(0)).toEqual({ ok: true, value: 0 })
    expect(parseReminderDays('30')).toEqual({ ok: true, value: 30 })
    expect(parseReminderDays(-1).ok).toBe(false)
    expect(parseReminderDays(2.5).ok).toBe(false)
    expect(parsePeriod(undefined)).toEqual({ ok: true, value: 'monthly' })
    expect(parsePeriod('fortnightly')).toEqual({ ok: false, error: PLAN_MESSAGES.periodInvalid })
    // Spaces around a choice, or only spaces, read as the choice or as blank.
    expect(parsePeriod('   ')).toEqual({ ok: true, value: 'monthly' })
    expect(parsePeriod(' weekly ')).toEqual({ ok: true, value: 'weekly' })
    expect(parseFrequency('  ')).toEqual({ ok: false, error: PLAN_MESSAGES.frequencyRequired })
    expect(parseFrequency(' monthly ')).toEqual({ ok: true, value: 'monthly' })
  })
})
