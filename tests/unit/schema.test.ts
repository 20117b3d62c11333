import { describe, expect, it } from 'vitest'
import { COLLECTION_NAMES, COLLECTIONS, PERSONAL_COLLECTIONS } from '../../schema/collections'
import { invertTime, isCalendarDay } from '../../schema/entities/common'
import { Transaction } from '../../schema/entities/transaction'
import { normalizePhone } from '../../schema/phone'
import { rxSchemaOf } from '../../schema/rx-schema'
import { fromDayString, localMonthWindow, toDayString } from '../../schema/time'
import { amountProblem, dateProblem, TRANSACTION_MESSAGES as M } from '../../schema/validation/transaction-input'

describe('collections', () => {
  it('stays within open-source RxDB’s 13-collection limit with two spare', () => {
    expect(COLLECTION_NAMES).toHaveLength(11)
  })
  it('replicates the seven personal collections by owner', () => {
    expect(PERSONAL_COLLECTIONS.sort()).toEqual([
      'budgets',
      'loan_payments',
      'loans',
      'profile',
      'recurring_payments',
      'tickets',
      'transactions',
    ])
  })
  it.each(COLLECTION_NAMES)('%s has an RxDB schema with bounded index fields', (name) => {
    const schema = rxSchemaOf(name)
    expect(schema.primaryKey).toBe('id')
    expect(schema.properties.id?.maxLength).toBeLessThanOrEqual(64)
    for (const field of COLLECTIONS[name].indexes.flat()) {
      const prop = schema.properties[field]!
      if (prop.type === 'string') expect(prop.maxLength).toBeGreaterThan(0)
      else {
        expect(prop.type).toBe('number')
        expect(prop.multipleOf).toBe(1)
        expect(typeof prop.minimum).toBe('number')
        expect(typeof prop.maximum).toBe('number')
      }
    }
    expect(Object.keys(schema.properties).some((k) => k.startsWith('_'))).toBe(false)
  })
})

describe('Transaction', () => {
  const base = {
    id: 't1',
    ownerId: 'u1',
    updatedAt: 1,
    type: 'expense',
    amount: 50000,
    category: 'Food & Dining',
    date: 1_700_000_000_000,
  }
  it('fills defaults and accepts a mirrored dateDesc', () => {
    const t = Transaction.parse({ ...base, dateDesc: invertTime(base.date) })
    expect(t.description).toBe('')
    expect(t.origin).toBe('app')
  })
  it('refuses a dateDesc that does not mirror date, fractional paise and zero', () => {
    expect(Transaction.safeParse({ ...base, dateDesc: 5 }).success).toBe(false)
    expect(Transaction.safeParse({ ...base, amount: 10.5, dateDesc: invertTime(base.date) }).success).toBe(false)
    expect(Transaction.safeParse({ ...base, amount: 0, dateDesc: invertTime(base.date) }).success).toBe(false)
  })
  it('inverting time reverses the order', () => {
    const times = [5, 1_700_000_000_000, 42, 1_800_000_000_000]
    const byInverted = [...times].sort((a, b) => invertTime(a) - invertTime(b))
    expect(byInverted).toEqual([...times].sort((a, b) => b - a))
  })
})

describe('transaction input limits', () => {
  it('applies the spec maxima per type', () => {
    expect(amountProblem('expense', 10_000_000_00)).toBeNull()
    expect(amountProblem('expense', 10_000_000_01)).toBe(M.expenseTooLarge)
    expect(amountProblem('income', 10_000_000_01)).toBeNull()
    expect(amountProblem('income', 100_000_000_01)).toBe(M.incomeTooLarge)
    expect(amountProblem('expense', 0)).toBe(M.amountPositive)
    expect(amountProblem('income', -1)).toBe(M.amountPositive)
    expect(amountProblem('expense', null)).toBe(M.amountInvalid)
  })
  it('allows five years back and one year ahead, inclusive of the boundary day', () => {
    const now = new Date(2026, 10, 21, 15, 0).getTime()
    expect(dateProblem(new Date(2021, 10, 21, 0, 0).getTime(), now)).toBeNull()
    expect(dateProblem(new Date(2021, 10, 20, 23, 59).getTime(), now)).toBe(M.datePast)
    expect(dateProblem(new Date(2027, 10, 21, 23, 0).getTime(), now)).toBeNull()
    expect(dateProblem(new Date(2027, 10, 22, 0, 0).getTime(), now)).toBe(M.dateFuture)
    expect(dateProblem(Number.NaN, now)).toBe(M.dateInvalid)
  })
})

describe('normalizePhone', () => {
  it.each([
    ['+919876543210', 'whatsapp:+919876543210'],
    ['919876543210', 'whatsapp:+919876543210'],
    ['whatsapp:+91 98765 43210', 'whatsapp:+919876543210'],
    ['98765 43210', 'whatsapp:+919876543210'],
    ['+1 (415) 555-0100', 'whatsapp:+14155550100'],
    // Dialled forms: the national trunk 0 and the international prefix 00.
    ['09876543210', 'whatsapp:+919876543210'],
    ['0091 98765 43210', 'whatsapp:+919876543210'],
    ['00971501234567', 'whatsapp:+971501234567'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected)
  })
  it('refuses too short or too long numbers', () => {
    expect(normalizePhone('12345')).toBeNull()
    expect(normalizePhone('1234567890123456')).toBeNull()
  })
  it('is idempotent', () => {
    for (const n of ['+919876543210', '98765 43210', '+971501234567', '09876543210']) {
      const once = normalizePhone(n)!
      expect(normalizePhone(once)).toBe(once)
    }
  })
})

describe('local time helpers', () => {
  it('month windows tile the year with no gaps, January included', () => {
    let cursor = new Date(2026, 0, 15).getTime()
    const { start: first } = localMonthWindow(cursor)
    expect(new Date(first).getMonth()).toBe(0)
    for (let i = 0; i < 12; i++) {
      const w = localMonthWindow(cursor)
      expect(w.end).toBeGreaterThan(w.start)
      const next = localMonthWindow(w.end)
      expect(next.start).toBe(w.end)
      cursor = w.end
    }
  })
  it('day strings round trip and refuse impossible dates', () => {
    for (const day of ['2024-02-29', '2026-01-01', '2026-12-31']) expect(toDayString(fromDayString(day))).toBe(day)
    expect(fromDayString('2026-02-29')).toBeNaN()
    expect(fromDayString('2026-13-01')).toBeNaN()
  })
})

describe('isCalendarDay', () => {
  it('accepts real days, leap days included, and refuses the rest', () => {
    for (const day of ['2024-02-29', '2026-01-31', '2026-12-31', '1900-01-01'])
      expect(isCalendarDay(day), day).toBe(true)
    for (const day of ['2024-02-30', '2023-02-29', '0000-00-00', '2026-13-01', '2026-04-31', '2026-1-01', ''])
      expect(isCalendarDay(day), day).toBe(false)
  })
  it('agrees with the calendar for every day of four years', () => {
    for (let ms = Date.UTC(2023, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 86_400_000)
      expect(isCalendarDay(new Date(ms).toISOString().slice(0, 10))).toBe(true)
  })
})
