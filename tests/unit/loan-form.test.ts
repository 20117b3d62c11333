import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { INTEREST_TYPES, LOAN_FREQUENCIES, LOAN_TYPES } from '../../schema/entities/loan'
import { formatDecimal } from '../../schema/money/money'
import { checkLoan, loanToInput, type LoanInput } from '../../schema/validation/loan-input'
import { EMPTY_FORM, formOf, toInput } from '../../src/features/debts/loan-form'
import type { LoanDoc } from '../../src/data/loans'

const TODAY = '2026-06-15'
const dayBetween = (from: string, to: string) =>
  fc
    .integer({ min: Date.parse(from), max: Date.parse(to) })
    .map((ms) => new Date(ms - (ms % 86_400_000)).toISOString().slice(0, 10))
const rupees = (min: number, max: number) => fc.integer({ min, max }).map(formatDecimal)
const text = (max: number) => fc.string({ maxLength: max }).map((s) => s.trim())

/** What a user may type into the wizard, the duration as months. */
const loanInput: fc.Arbitrary<LoanInput> = fc.record({
  type: fc.constantFrom(...LOAN_TYPES),
  name: text(40),
  status: fc.constantFrom('new', 'existing'),
  startDate: dayBetween('2000-01-01', TODAY),
  principal: rupees(1, 10_000_000_000),
  interestRate: rupees(0, 10_000),
  interestType: fc.constantFrom(...INTEREST_TYPES),
  durationMonths: fc.integer({ min: 1, max: 600 }).map(String),
  lender: text(40),
  collateral: text(40),
  paidSoFar: rupees(0, 1_000_000_000),
  lastPaymentDate: fc.option(dayBetween('2000-01-01', TODAY), { nil: '' }),
  lastPaymentAmount: fc.option(rupees(1, 100_000_000), { nil: '' }),
  missedPayments: fc.integer({ min: 0, max: 600 }).map(String),
  frequency: fc.constantFrom(...LOAN_FREQUENCIES),
  emi: rupees(1, 10_000_000_000),
  nextDueDate: fc.option(dayBetween(TODAY, '2030-12-31'), { nil: '' }),
  allowsEarlySettlement: fc.boolean(),
  notes: fc.string({ maxLength: 60 }),
})

describe('the edit form of a stored loan', () => {
  it('checks back to the very loan that was stored', () => {
    fc.assert(
      fc.property(loanInput, (input) => {
        const first = checkLoan(input, TODAY)
        fc.pre(first.ok)
        if (!first.ok) return
        const stored: LoanDoc = {
          ...first.value,
          id: 'loan-1',
          ownerId: 'user-1',
          updatedAt: 1,
          createdAt: 1,
          closed: false,
          duePaymentsCounted: 0,
        }
        const again = checkLoan(toInput(formOf(stored)), TODAY, stored)
        expect(again).toEqual({ ok: true, value: first.value })
      }),
    )
  })

  it('fills every field of the form from the stored loan, the duration as months', () => {
    fc.assert(
      fc.property(loanInput, (input) => {
        const first = checkLoan(input, TODAY)
        fc.pre(first.ok)
        if (!first.ok) return
        const stored = { ...first.value, id: 'l', ownerId: 'u', updatedAt: 1, createdAt: 1, closed: false }
        const form = formOf({ ...stored, duePaymentsCounted: 0 })
        expect(Object.keys(form).sort()).toEqual(Object.keys(EMPTY_FORM).sort())
        expect(form).toEqual({ ...loanToInput({ ...stored, duePaymentsCounted: 0 }), durationMode: 'months' })
      }),
    )
  })
})
