import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { debtTotals } from '../../schema/calc/debt-totals'
import { loanFigures } from '../../schema/calc/loan-figures'
import { INTEREST_TYPES, Loan } from '../../schema/entities/loan'
import { convertAmount, inHome, moneyEntryOf } from '../../schema/money/currency'
import { formatDecimal } from '../../schema/money/money'
import { checkLoan, type LoanInput } from '../../schema/validation/loan-input'
import { TRANSACTION_MESSAGES } from '../../schema/validation/transaction-input'

const TODAY = '2026-06-15'
const rupees = (min: number, max: number) => fc.integer({ min, max }).map(formatDecimal)
const loanInput: fc.Arbitrary<LoanInput> = fc.record({
  type: fc.constantFrom('home', 'car', 'personal'),
  status: fc.constantFrom('new', 'existing'),
  startDate: fc.constantFrom('2024-01-10', '2025-06-01', TODAY),
  principal: rupees(1, 10_000_000_000),
  interestRate: rupees(0, 3_000),
  interestType: fc.constantFrom(...INTEREST_TYPES),
  durationMonths: fc.integer({ min: 1, max: 360 }).map(String),
  paidSoFar: rupees(0, 1_000_000_000),
  emi: rupees(1, 10_000_000_000),
})
const rate = fc.integer({ min: 1, max: 9_999_999 }).map((n) => n / 1000)
const stamp = { id: 'loan-1', ownerId: 'u', updatedAt: 1, createdAt: 1, closed: false, duePaymentsCounted: 0 }

describe('a loan in a currency', () => {
  it('in the home currency, gives exactly the schedule, balance and progress of a loan with none', () => {
    fc.assert(
      fc.property(loanInput, fc.integer({ min: 0, max: 1e9 }), (input, paid) => {
        const plain = checkLoan(input, TODAY)
        const inr = checkLoan({ ...input, currency: 'INR', fxRate: null }, TODAY)
        fc.pre(plain.ok)
        if (!plain.ok || !inr.ok) throw new Error('the currency changed what was accepted')
        expect(inr.value).toEqual({ ...plain.value, currency: 'INR', fxRate: null })
        const payment = {
          amount: paid,
          principalPaid: paid,
          interestPaid: 0,
          date: 1,
          updatedAt: 1,
          type: 'regular' as const,
        }
        const loan = Loan.parse({ ...plain.value, ...stamp })
        const homeLoan = Loan.parse({ ...inr.value, ...stamp })
        expect(loanFigures(homeLoan, [payment])).toEqual(loanFigures(loan, [payment]))
      }),
    )
  })

  it('in another currency, keeps every amount in it: the same schedule as in rupees', () => {
    fc.assert(
      fc.property(loanInput, fc.option(rate), (input, fxRate) => {
        const plain = checkLoan(input, TODAY)
        const aed = checkLoan({ ...input, currency: 'AED', fxRate }, TODAY)
        fc.pre(plain.ok)
        if (!plain.ok || !aed.ok) throw new Error('the currency changed what was accepted')
        expect(aed.value).toEqual({ ...plain.value, currency: 'AED', fxRate })
      }),
    )
  })

  it('refuses an unknown currency or a bad rate with the expense form’s messages', () => {
    const input = { type: 'home', status: 'new', startDate: TODAY, principal: '1000', interestRate: '8', emi: '100' }
    expect(checkLoan({ ...input, durationMonths: '12', currency: 'XYZ' }, TODAY)).toMatchObject({
      ok: false,
      error: TRANSACTION_MESSAGES.currencyInvalid,
    })
    expect(checkLoan({ ...input, durationMonths: '12', currency: 'AED', fxRate: 0 }, TODAY)).toMatchObject({
      ok: false,
      error: TRANSACTION_MESSAGES.rateInvalid,
    })
  })
})

describe('debt totals in the home currency', () => {
  const CODES = ['INR', 'USD', 'AED'] as const
  const debt = fc.record({
    loan: fc.record({
      emi: fc.integer({ min: 0, max: 1e10 }),
      currency: fc.option(fc.constantFrom(...CODES), { nil: undefined }),
      fxRate: fc.option(rate),
      fxHome: fc.option(fc.constantFrom(...CODES), { nil: undefined }),
    }),
    balance: fc.integer({ min: 0, max: 1e10 }),
  })
  const home = fc.record({ currency: fc.constantFrom(...CODES), legacyCurrency: fc.constantFrom(...CODES, null) })

  it('are the sums of each loan’s converted balance and EMI; loans with no rate are counted apart', () => {
    fc.assert(
      fc.property(fc.array(debt, { maxLength: 20 }), home, (debts, h) => {
        const totals = debtTotals(debts, h)
        let outstanding = 0
        let monthly = 0
        let missing = 0
        for (const { loan, balance } of debts) {
          const owed = inHome(moneyEntryOf({ ...loan, amount: balance }, h), h.currency)
          const emi = inHome(moneyEntryOf({ ...loan, amount: loan.emi }, h), h.currency)
          if (owed === null || emi === null) missing++
          else [outstanding, monthly] = [outstanding + owed, monthly + emi]
        }
        expect(totals).toEqual({ outstanding, monthly, notConverted: missing })
      }),
    )
  })

  it('a dirham loan counts at its rate, one with no rate is named and not counted 1:1', () => {
    const aed = { emi: 2_000_00, currency: 'AED', fxRate: 22.7, fxHome: 'INR' }
    const none = { emi: 500_00, currency: 'USD', fxRate: null }
    const totals = debtTotals(
      [
        { loan: aed, balance: 50_000_00 },
        { loan: none, balance: 9_000_00 },
        { loan: { emi: 10_000_00 }, balance: 3_00_000_00 },
      ],
      { currency: 'INR' },
    )
    expect(totals).toEqual({
      outstanding: convertAmount(50_000_00, 'AED', 'INR', 22.7) + 3_00_000_00,
      monthly: 45_400_00 + 10_000_00,
      notConverted: 1,
    })
  })
})
