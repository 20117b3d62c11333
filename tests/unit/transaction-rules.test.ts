import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markPaid } from '../../schema/calc/mark-paid'
import {
  EDIT_EXPENSE_CATEGORIES,
  EDIT_INCOME_SOURCES,
  EXPENSE_CATEGORIES,
  INCOME_SOURCES,
} from '../../schema/categories'
import { FREQUENCIES, RecurringPayment } from '../../schema/entities/recurring'
import { newTransaction, Transaction, TRANSACTION_ORIGINS } from '../../schema/entities/transaction'
import {
  checkTransaction,
  TRANSACTION_MESSAGES as M,
  TRANSACTION_RULES,
  type TransactionDraft,
  type TransactionMessageKey,
} from '../../schema/validation/transaction-input'
import { EXPENSE_KEYWORDS, GENERIC_EXPENSE_KEYWORDS, INCOME_KEYWORDS } from '../../schema/parse/keywords'

const SEED = { seed: 9_2026, numRuns: 400 }
const NOW = new Date(2026, 10, 21, 15, 30).getTime()
const DAY = 86_400_000
const ok: TransactionDraft = { type: 'expense', amount: 50_000, category: 'Food & Dining', date: NOW }

/** One draft per message key that breaks exactly that rule first. */
const BREAKS: Record<TransactionMessageKey, TransactionDraft> = {
  amountInvalid: { ...ok, amount: null },
  amountPositive: { ...ok, amount: 0 },
  expenseTooLarge: { ...ok, amount: 10_000_000_01 },
  incomeTooLarge: { ...ok, type: 'income', category: 'Salary', amount: 100_000_000_01 },
  categoryRequired: { ...ok, category: '  ' },
  sourceRequired: { ...ok, type: 'income', category: null },
  categoryTooLong: { ...ok, category: 'x'.repeat(61) },
  sourceTooLong: { ...ok, type: 'income', category: 's'.repeat(61) },
  customCategoryRequired: { ...ok, category: 'Others', customCategory: ' ' },
  dateInvalid: { ...ok, date: Number.NaN },
  datePast: { ...ok, date: new Date(2021, 10, 20, 23, 59).getTime() },
  dateFuture: { ...ok, date: new Date(2027, 10, 22).getTime() },
  descriptionTooLong: { ...ok, description: 'n'.repeat(501) },
  currencyInvalid: { ...ok, currency: 'XYZ' },
  rateInvalid: { ...ok, currency: 'USD', fxRate: 0 },
}

describe('transaction rules', () => {
  it.each(Object.entries(BREAKS))('reaches %s with its spec text', (key, draft) => {
    const checked = checkTransaction(draft, NOW)
    expect(checked).toMatchObject({ ok: false, key, error: M[key as TransactionMessageKey] })
  })

  it('has a message for every rule and a rule for every message', () => {
    const ruleKeys = new Set(TRANSACTION_RULES.map((r) => r.key))
    expect([...ruleKeys].sort()).toEqual(Object.keys(M).sort())
  })

  it('reports amount before category before custom category before date', () => {
    const all = { type: 'expense', amount: 0, category: 'Others', customCategory: '', date: NaN } as const
    expect(checkTransaction(all, NOW)).toMatchObject({ field: 'amount' })
    expect(checkTransaction({ ...all, amount: 1, category: '' }, NOW)).toMatchObject({ field: 'category' })
    expect(checkTransaction({ ...all, amount: 1 }, NOW)).toMatchObject({ field: 'customCategory' })
    expect(checkTransaction({ ...all, amount: 1, customCategory: 'Pets' }, NOW)).toMatchObject({ field: 'date' })
  })

  it('takes an entry in another currency with its rate, or with none (not converted)', () => {
    const usd = { ...ok, amount: 11_80, currency: 'USD' }
    expect(checkTransaction({ ...usd, fxRate: 83.25 }, NOW)).toMatchObject({
      ok: true,
      value: { currency: 'USD', fxRate: 83.25 },
    })
    expect(checkTransaction(usd, NOW)).toMatchObject({ ok: true, value: { currency: 'USD', fxRate: null } })
    expect(checkTransaction({ ...usd, fxRate: Number.NaN }, NOW)).toMatchObject({ key: 'rateInvalid' })
    expect(checkTransaction({ ...usd, fxRate: 83.123456789 }, NOW)).toMatchObject({ key: 'rateInvalid' })
  })

  it('refuses an amount finer than its currency: half a yen', () => {
    expect(checkTransaction({ ...ok, amount: 500_50, currency: 'JPY' }, NOW)).toMatchObject({ key: 'amountInvalid' })
    expect(checkTransaction({ ...ok, amount: 500_00, currency: 'JPY' }, NOW).ok).toBe(true)
  })

  it('checks only the given fields of a partial update', () => {
    const old = { ...ok, date: NOW - 6 * 365 * DAY }
    expect(checkTransaction(old, NOW).ok).toBe(false)
    expect(checkTransaction(old, NOW, ['amount', 'category']).ok).toBe(true)
  })

  it('accepts exactly the limits: ₹1,00,00,000 expense, ₹10,00,00,000 income, 5 years back, 1 year ahead', () => {
    expect(checkTransaction({ ...ok, amount: 10_000_000_00 }, NOW).ok).toBe(true)
    expect(checkTransaction({ ...ok, type: 'income', amount: 100_000_000_00 }, NOW).ok).toBe(true)
    expect(checkTransaction({ ...ok, date: new Date(2021, 10, 21).getTime() }, NOW).ok).toBe(true)
    expect(checkTransaction({ ...ok, date: new Date(2027, 10, 21, 23, 59).getTime() }, NOW).ok).toBe(true)
  })

  it('files a custom name under itself, trimmed', () => {
    const checked = checkTransaction(
      { ...ok, category: 'Others', customCategory: '  Pets ', description: ' vet ' },
      NOW,
    )
    expect(checked).toEqual({ ok: true, value: { ...ok, category: 'Pets', description: 'vet' } })
  })
})

const anyDraft: fc.Arbitrary<TransactionDraft> = fc.record(
  {
    type: fc.constantFrom('expense' as const, 'income' as const),
    amount: fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 100_000_000_05 }), fc.constant(Number.NaN)),
    category: fc.oneof(fc.constant(null), fc.string({ maxLength: 70 })),
    customCategory: fc.string({ maxLength: 70 }),
    date: fc.oneof(fc.integer({ min: NOW - 7 * 365 * DAY, max: NOW + 2 * 365 * DAY }), fc.constant(Number.NaN)),
    description: fc.string({ maxLength: 520 }),
  },
  { requiredKeys: ['type', 'amount', 'category', 'date'] },
)

/** Drafts inside every limit (with spaces around the text, which the builder trims). */
const validDraft: fc.Arbitrary<TransactionDraft> = fc
  .constantFrom('expense' as const, 'income' as const)
  .chain((type) =>
    fc.record({
      type: fc.constant(type),
      amount: fc.integer({ min: 1, max: type === 'expense' ? 10_000_000_00 : 100_000_000_00 }),
      category: fc
        .string({ minLength: 1, maxLength: 60 })
        .filter((c) => c.trim() !== '')
        .map((c) => ` ${c} `),
      date: fc.integer({ min: NOW - 5 * 365 * DAY + DAY, max: NOW + 365 * DAY - DAY }),
      description: fc.string({ maxLength: 500 }),
    }),
  )

describe('newTransaction', () => {
  it('refuses a draft only with one of the spec messages', () => {
    fc.assert(
      fc.property(anyDraft, (draft) => {
        const checked = checkTransaction(draft, NOW)
        if (!checked.ok) expect(Object.values(M)).toContain(checked.error)
      }),
      SEED,
    )
  })

  it('builds a document the Transaction entity accepts whenever the draft passes the rules', () => {
    fc.assert(
      fc.property(validDraft, fc.constantFrom(...TRANSACTION_ORIGINS), fc.nat({ max: 1e13 }), (draft, origin, at) => {
        const checked = checkTransaction(draft, NOW)
        expect(checked.ok).toBe(true)
        if (!checked.ok) return
        const doc = newTransaction({ ...checked.value, origin }, { ownerId: 'u1', updatedAt: at })
        expect(Transaction.safeParse(doc).success).toBe(true)
        expect(doc).toMatchObject({ amount: draft.amount, date: draft.date, category: draft.category!.trim() })
      }),
      SEED,
    )
  })

  it('keeps a given id and message id, and makes a fresh id otherwise', () => {
    const content = {
      type: 'expense' as const,
      amount: 100,
      category: 'Food & Dining',
      date: NOW,
      origin: 'whatsapp' as const,
      messageId: 'SM1',
    }
    const a = newTransaction(content, { ownerId: 'u1', updatedAt: 1, id: 'tx-1' })
    const b = newTransaction(content, { ownerId: 'u1', updatedAt: 1 })
    expect(a).toMatchObject({ id: 'tx-1', messageId: 'SM1', origin: 'whatsapp' })
    expect(b.id).not.toBe(a.id)
  })
})

const paymentArb = fc.record({
  name: fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s.trim() !== ''),
  amount: fc.integer({ min: 1, max: 10_000_000_00 }),
  category: fc.oneof(fc.constant(''), fc.constant('  '), fc.constantFrom(...EXPENSE_CATEGORIES)),
  frequency: fc.constantFrom(...FREQUENCIES),
  dueDate: fc
    .date({ min: new Date(2024, 0, 1), max: new Date(2030, 11, 31), noInvalidDate: true })
    .map(
      (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`,
    ),
})

describe('markPaid', () => {
  it('anchors month ends: 31 Jan → 28 Feb → 31 Mar → 30 Apr', () => {
    const payment = { name: 'Rent', amount: 15_000_00, category: '', frequency: 'monthly' as const }
    let due = { dueDate: '2027-01-31', nextDueDate: '2027-01-31' }
    const seen: string[] = []
    for (let i = 0; i < 3; i++) {
      const { schedule } = markPaid({ ...payment, ...due }, NOW)
      seen.push(schedule.nextDueDate)
      due = { ...due, nextDueDate: schedule.nextDueDate }
    }
    expect(seen).toEqual(['2027-02-28', '2027-03-31', '2027-04-30'])
    expect(markPaid({ ...payment, dueDate: '2028-01-31', nextDueDate: '2028-01-31' }, NOW).schedule.nextDueDate).toBe(
      '2028-02-29',
    )
  })

  it('records the payment as a valid expense and always moves the due day forward', () => {
    fc.assert(
      fc.property(paymentArb, fc.integer({ min: 0, max: 1e13 }), (p, paidAt) => {
        const payment = { ...p, nextDueDate: p.dueDate }
        const { expense, schedule } = markPaid(payment, paidAt)
        const doc = newTransaction(expense, { ownerId: 'u1', updatedAt: paidAt })
        expect(Transaction.safeParse(doc).success).toBe(true)
        expect(doc).toMatchObject({ type: 'expense', amount: p.amount, date: paidAt, origin: 'recurring' })
        expect(doc.category).toBe(p.category.trim() || 'Bills & Utilities')
        expect(schedule.lastPaidAt).toBe(paidAt)
        expect(schedule.nextDueDate > payment.nextDueDate).toBe(true)
        const moved = { ...payment, ...schedule, id: 'r1', ownerId: 'u1', updatedAt: 1, reminderDays: 3 }
        expect(RecurringPayment.safeParse(moved).success).toBe(true)
      }),
      SEED,
    )
  })
})

describe('WhatsApp keyword tables', () => {
  it('file only under categories of the default lists', () => {
    const expense = new Set<string>([...EXPENSE_CATEGORIES, ...EDIT_EXPENSE_CATEGORIES])
    const income = new Set<string>([...INCOME_SOURCES, ...EDIT_INCOME_SOURCES])
    for (const [category] of [...EXPENSE_KEYWORDS, ...GENERIC_EXPENSE_KEYWORDS]) expect(expense).toContain(category)
    for (const [source] of INCOME_KEYWORDS) expect(income).toContain(source)
  })
})
