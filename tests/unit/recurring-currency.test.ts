import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markPaid } from '../../schema/calc/mark-paid'
import { monthlyShare, recurringTotals } from '../../schema/calc/recurring-totals'
import { newTransaction, Transaction } from '../../schema/entities/transaction'
import { RecurringPayment } from '../../schema/entities/recurring'
import { inHome, moneyEntryOf } from '../../schema/money/currency'
import { readMessage } from '../../schema/parse/message'
import { TRANSACTION_MESSAGES } from '../../schema/validation/transaction-input'
import { parseRecurring } from '../../schema/validation/plan-input'
import { toDayString } from '../../schema/time'

const NOW = new Date(2026, 10, 27, 10).getTime()
const rate = fc.integer({ min: 1, max: 9_999_999 }).map((n) => n / 1000)
const base = {
  id: 'r1',
  ownerId: 'u1',
  updatedAt: 1,
  name: 'Netflix',
  category: '',
  frequency: 'monthly' as const,
  dueDate: '2026-11-28',
  nextDueDate: '2026-11-28',
  reminderDays: 3,
}

describe('Mark Paid of a payment in another currency', () => {
  it('books exactly its amount in its currency, at its rate, as a valid transaction', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e10 }), fc.option(rate), (amount, fxRate) => {
        const payment = RecurringPayment.parse({ ...base, amount, currency: 'USD', fxRate, fxHome: 'INR' })
        const { expense } = markPaid(payment, NOW)
        expect(expense).toMatchObject({ amount, currency: 'USD', fxRate })
        const doc = newTransaction(expense, { ownerId: 'u1', updatedAt: NOW })
        expect(Transaction.safeParse(doc).success).toBe(true)
        expect(doc.amount).toBe(amount)
        expect(doc.fxHome).toBe(fxRate === null ? undefined : 'INR')
      }),
    )
  })

  it('at the rate the user gives instead, or none (not converted)', () => {
    const payment = RecurringPayment.parse({ ...base, amount: 9_99, currency: 'USD', fxRate: 83, fxHome: 'INR' })
    expect(markPaid(payment, NOW, { fxRate: 84.5, home: 'AED' }).expense).toMatchObject({
      amount: 9_99,
      currency: 'USD',
      fxRate: 84.5,
      fxHome: 'AED',
    })
    const none = markPaid(payment, NOW, { fxRate: null, home: 'INR' }).expense
    expect(none).toMatchObject({ currency: 'USD', fxRate: null })
    expect(none.fxHome).toBeUndefined()
  })

  it('a payment made before payments had a currency books as before', () => {
    const { expense } = markPaid(RecurringPayment.parse({ ...base, amount: 649_00 }), NOW)
    expect(expense.currency).toBeUndefined()
    expect(expense.amount).toBe(649_00)
  })
})

describe('recurring totals in the home currency', () => {
  const CODES = ['INR', 'USD', 'AED', 'JPY'] as const
  const day = fc
    .integer({ min: -10, max: 40 })
    .map((d) => toDayString(new Date(NOW).setDate(new Date(NOW).getDate() + d)))
  const payment = fc.record({
    currency: fc.option(fc.constantFrom(...CODES), { nil: undefined }),
    own: fc.integer({ min: 1, max: 100_000_000 }),
    fxRate: fc.option(rate),
    fxHome: fc.option(fc.constantFrom(...CODES), { nil: undefined }),
    frequency: fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const, 'yearly' as const),
    nextDueDate: day,
  })
  const payments = fc
    .array(payment, { maxLength: 25 })
    .map((rows) => rows.map(({ own, ...p }) => ({ ...p, amount: p.currency === 'JPY' ? own * 100 : own })))
  const home = fc.record({ currency: fc.constantFrom(...CODES), legacyCurrency: fc.constantFrom(...CODES, null) })

  it('the monthly total is the sum of each converted payment, and none is counted 1:1', () => {
    fc.assert(
      fc.property(payments, home, (list, h) => {
        const totals = recurringTotals(list, NOW, h)
        const converted = list.map((p) => inHome(moneyEntryOf(p, h), h.currency))
        const counted = converted.flatMap((c, i) => (c === null ? [] : [monthlyShare(c, list[i]!.frequency)]))
        expect(totals.monthly).toBe(counted.reduce((a, b) => a + b, 0))
        expect(totals.notConverted).toBe(converted.filter((c) => c === null).length)
      }),
    )
  })

  it('in the home currency alone, due this week is the plain sum of what is due within 7 days', () => {
    fc.assert(
      fc.property(payments, (list) => {
        const inr = list.map((p) => ({ ...p, currency: 'INR', fxRate: null }))
        const due = inr.filter((p) => p.nextDueDate <= day7())
        const totals = recurringTotals(inr, NOW, { currency: 'INR' })
        expect(totals.dueThisWeek).toBe(due.reduce((a, p) => a + p.amount, 0))
        expect(totals.notConverted).toBe(0)
      }),
    )
  })

  it('converts a dollar and a dirham payment and names the one with no rate', () => {
    const list = [
      {
        amount: 10_00,
        currency: 'USD',
        fxRate: 83.25,
        fxHome: 'INR',
        frequency: 'monthly' as const,
        nextDueDate: '2026-11-28',
      },
      { amount: 50_00, currency: 'AED', fxRate: null, frequency: 'monthly' as const, nextDueDate: '2026-11-28' },
      { amount: 1200_00, frequency: 'yearly' as const, nextDueDate: '2027-01-01' },
    ]
    expect(recurringTotals(list, NOW, { currency: 'INR' })).toEqual({
      dueThisWeek: 832_50,
      monthly: 832_50 + 100_00,
      notConverted: 1,
    })
  })
})

const day7 = () => toDayString(new Date(NOW).setDate(new Date(NOW).getDate() + 7))

describe('the recurring payment form in a currency', () => {
  const input = { name: 'Spotify', amount: '11.80', frequency: 'monthly', dueDate: '2026-12-01' }
  it('reads the amount in the currency’s own digits and keeps the rate', () => {
    expect(parseRecurring({ ...input, currency: 'USD', fxRate: 83.2 })).toMatchObject({
      ok: true,
      value: { amount: 11_80, currency: 'USD', fxRate: 83.2 },
    })
    expect(parseRecurring({ ...input, amount: '500', currency: 'JPY' })).toMatchObject({
      ok: true,
      value: { amount: 500_00, currency: 'JPY', fxRate: null },
    })
  })

  it('refuses an unknown currency or a rate that is not one, with the expense form’s messages', () => {
    expect(parseRecurring({ ...input, currency: 'XYZ' })).toEqual({
      ok: false,
      field: 'currency',
      error: TRANSACTION_MESSAGES.currencyInvalid,
    })
    for (const fxRate of [0, -1, Number.NaN, 1e9])
      expect(parseRecurring({ ...input, currency: 'USD', fxRate })).toEqual({
        ok: false,
        field: 'fxRate',
        error: TRANSACTION_MESSAGES.rateInvalid,
      })
  })
})

describe('a mandate in another currency', () => {
  it('is offered in the currency it names', () => {
    const text =
      'Your HDFC Bank Card XX4821 will be debited with USD 9.99 on 28-11-26 towards NETFLIX for the e-mandate.'
    expect(readMessage(text)).toMatchObject({ kind: 'notice', notice: 'mandate', amount: 9_99, currency: 'USD' })
  })
})
