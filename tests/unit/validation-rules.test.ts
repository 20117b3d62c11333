import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_INCOME_PAISE } from '../../schema/entities/transaction'
import { readMessage } from '../../schema/parse/message'
import { checkLoanPlan } from '../../schema/validation/loan-input'
import { checkBudget, parsePlanAmount, PLAN_MESSAGES } from '../../schema/validation/plan-input'
import { checkAmount, RULE_MESSAGES } from '../../schema/validation/rules'
import { amountProblem } from '../../schema/validation/transaction-input'

const amountText = fc.oneof(
  fc.constantFrom('', '  ', '0', '-5', 'abc', '1e3', '0.001', '100000000', '100000000.01', '12.5'),
  fc.double({ min: -1e9, max: 2e8, noNaN: true }).map(String),
  fc.integer({ min: -1e9, max: 2e9 }),
)

describe('one amount rule', () => {
  it('plan and loan forms answer every amount with the same message and value', () => {
    fc.assert(
      fc.property(amountText, (value) => {
        const plan = parsePlanAmount(value, { required: PLAN_MESSAGES.amountRequired, zero: false })
        const loan = checkLoanPlan({ emi: value }, '2026-01-01')
        const rule = checkAmount(value, 'emi', { required: 'Please enter the EMI', zero: false })
        if (!rule.ok) {
          expect(loan).toEqual(rule)
          if (rule.error !== 'Please enter the EMI') expect(plan).toEqual({ ok: false, error: rule.error })
        } else {
          expect(plan).toEqual(rule)
          expect(loan.ok && loan.value.emi).toBe(rule.value)
        }
      }),
    )
  })

  it('the REST budget rule refuses what the plan amount rule refuses, with its message', () => {
    fc.assert(
      fc.property(amountText, (amount) => {
        const budget = checkBudget({ category: 'Food', amount })
        const plan = parsePlanAmount(amount, { required: PLAN_MESSAGES.amountRequired, zero: false })
        expect(budget.ok ? budget.value.amount : budget.error).toBe(plan.ok ? plan.value : plan.error)
      }),
    )
  })

  it('a budget update keeps what it does not change and refuses a 61-character category', () => {
    const existing = { category: 'Food', amount: 500_00, period: 'weekly' as const }
    expect(checkBudget({}, existing)).toEqual({ ok: true, value: existing })
    expect(checkBudget({ category: 'x'.repeat(61) }, existing)).toEqual({
      ok: false,
      field: 'category',
      error: RULE_MESSAGES.categoryTooLong,
    })
    expect(checkBudget({ category: 'Food' })).toEqual({
      ok: false,
      field: 'amount',
      error: PLAN_MESSAGES.amountRequired,
    })
  })

  it('the WhatsApp parser takes an income exactly when the income rule does', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_INCOME_PAISE - 1000, max: MAX_INCOME_PAISE + 1000 }), (paise) => {
        const rupees = paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2)
        const reading = readMessage(`salary ${rupees}`)
        expect(reading.kind === 'entry').toBe(amountProblem('income', paise) === null)
      }),
      { numRuns: 60 },
    )
  })
})
