import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_INCOME_PAISE } from '../../schema/entities/transaction'
import { readMessage } from '../../schema/parse/message'
import { formatDecimal } from '../../schema/money/money'
import {
  HOUSEHOLD_MESSAGES,
  isHouseholdAmount,
  checkHouseholdChanges,
  checkNewHousehold,
  checkSettlement,
} from '../../schema/validation/household-input'
import { checkLoanPlan, LOAN_MESSAGES } from '../../schema/validation/loan-input'
import { profileFieldErrors } from '../../schema/validation/profile-input'
import { checkBudget, parsePlanAmount, PLAN_MESSAGES } from '../../schema/validation/plan-input'
import { checkAmount, isBlank, requiredText, RULE_MESSAGES, tooLong } from '../../schema/validation/rules'
import { amountProblem, TRANSACTION_MESSAGES } from '../../schema/validation/transaction-input'

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
        // With the ₹: nine bare digits or more are read as a phone number or reference (noise.ts).
        const reading = readMessage(`salary ₹${rupees}`)
        expect(reading.kind === 'entry').toBe(amountProblem('income', paise) === null)
      }),
      { numRuns: 60, examples: [[MAX_INCOME_PAISE], [MAX_INCOME_PAISE + 1], [MAX_INCOME_PAISE - 1]] },
    )
  })
})

describe('one text rule', () => {
  it('says "too long" the same way for every field, in the texts the forms and REST answers show', () => {
    expect(RULE_MESSAGES.nameTooLong).toBe('Name must be at most 100 characters')
    expect(RULE_MESSAGES.categoryTooLong).toBe('Category must be at most 60 characters')
    expect(TRANSACTION_MESSAGES.sourceTooLong).toBe('Source must be at most 60 characters')
    expect(TRANSACTION_MESSAGES.descriptionTooLong).toBe('Description must be at most 500 characters')
    expect(HOUSEHOLD_MESSAGES.reasonTooLong).toBe('Reason must be at most 500 characters')
    expect(LOAN_MESSAGES.notesTooLong).toBe('Notes must be at most 1000 characters')
    expect(LOAN_MESSAGES.noteTooLong).toBe('Note must be at most 500 characters')
  })

  it('a required text is refused blank or missing with its own message, too long with the other, else trimmed', () => {
    fc.assert(
      fc.property(fc.option(fc.string({ maxLength: 12 }), { nil: undefined }), (value) => {
        const parsed = requiredText(value, 'Please enter it', 5, tooLong('It', 5))
        const trimmed = value?.trim()
        if (isBlank(value)) expect(parsed).toEqual({ ok: false, error: 'Please enter it' })
        else if (trimmed!.length > 5) expect(parsed).toEqual({ ok: false, error: 'It must be at most 5 characters' })
        else expect(parsed).toEqual({ ok: true, value: trimmed })
      }),
    )
  })
})

describe('the household amount rule', () => {
  it('takes what the REST bodies take: above zero, at most ₹100,000,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: MAX_INCOME_PAISE + 1e6 }), (paise) => {
        const body = checkSettlement({ to_user: 'u1', amount: formatDecimal(paise) })
        expect(isHouseholdAmount(paise)).toBe(body.ok)
        if (body.ok) expect(body.value.amount).toBe(paise)
      }),
    )
    expect(isHouseholdAmount(null)).toBe(false)
  })
})

describe('profile and loan texts', () => {
  it('keep their messages word for word', () => {
    expect(LOAN_MESSAGES.textTooLong).toBe('Lender and collateral must be at most 100 and 200 characters')
    const errors = profileFieldErrors({
      nationality: 'x'.repeat(101),
      state_province: 'x'.repeat(101),
      job_title: 'x'.repeat(101),
      address: 'x'.repeat(501),
      family_size: 1.5,
      number_of_dependents: -1,
    })
    expect(errors).toEqual({
      nationality: 'Nationality must be at most 100 characters',
      state_province: 'State / Province must be at most 100 characters',
      job_title: 'Job title must be at most 100 characters',
      address: 'Address must be at most 500 characters',
      family_size: 'Family size must be a whole number',
      number_of_dependents: 'Number of dependents must be at least 0',
    })
    expect(profileFieldErrors({ family_size: 51 })).toEqual({ family_size: 'Family size must be at most 50' })
  })
})

describe('household settings', () => {
  it('a change gives back only the settings it names; a new household fills the rest with defaults', () => {
    const setting = fc.record(
      { name: fc.constant('Flat'), icon: fc.constant('building'), review_period_hours: fc.constant(48) },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(setting, (given) => {
        const changes = checkHouseholdChanges(given)
        expect(changes).toEqual({ ok: true, value: given })
        const created = checkNewHousehold({ name: 'Flat', ...given })
        expect(created.ok && created.value).toMatchObject({
          icon: 'home',
          color: '#10b981',
          review_period_hours: 24,
          ...given,
        })
      }),
    )
  })
})
