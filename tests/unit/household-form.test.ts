import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatDecimal } from '../../schema/money/money'
import { checkNewHousehold, HOUSEHOLD_MESSAGES } from '../../schema/validation/household-input'
import { MAX_PLAN_PAISE } from '../../schema/validation/rules'
import { checkDraft, EMPTY_DRAFT } from '../../src/features/households/household-fields'

describe('the household settings form', () => {
  it('refuses exactly the budgets the server refuses, with the same message', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: MAX_PLAN_PAISE + 1e6 }), (paise) => {
        const typed = formatDecimal(paise)
        const form = checkDraft({ ...EMPTY_DRAFT, name: 'Flat 4B', budget: typed })
        const server = checkNewHousehold({ name: 'Flat 4B', monthly_budget: typed })
        expect(form.input !== null).toBe(server.ok)
        if (form.input) expect(form.input.monthly_budget).toBe(Number(typed))
        else expect(form.errors.budget).toBe(HOUSEHOLD_MESSAGES.amountInvalid)
      }),
    )
  })

  it('takes a blank budget as none and a blank name as the spec message', () => {
    expect(checkDraft({ ...EMPTY_DRAFT, name: ' Flat ' }).input).toMatchObject({ name: 'Flat', monthly_budget: 0 })
    expect(checkDraft(EMPTY_DRAFT).errors).toEqual({ name: HOUSEHOLD_MESSAGES.nameRequired })
  })
})
