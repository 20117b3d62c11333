import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  amortisationSchedule,
  amortise,
  balanceAfterPaid,
  emiFor,
  proposedInstalment,
  simpleInterest,
} from '../../schema/calc/amortisation'
import { payoffPlan, prepaymentWhatIf, priorityOrder, type PlanDebt } from '../../schema/calc/debt-plan'
import {
  addPeriods,
  debtFreeDay,
  loanFigures,
  monthsLeft,
  paymentLimits,
  paymentStatus,
  proposeSplit,
} from '../../schema/calc/loan-figures'
import { INTEREST_TYPES, type LoanPayment } from '../../schema/entities/loan'
import { formatDecimal } from '../../schema/money/money'
import { MAX_PLAN_PAISE } from '../../schema/validation/rules'
import {
  checkLoan,
  checkLoanPlan,
  checkLoanStanding,
  checkLoanStart,
  checkLoanTerms,
  checkPayment,
  LOAN_MESSAGES,
  monthsBetween,
} from '../../schema/validation/loan-input'

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)
const LAKH = 1_00_000 * 100

const terms = fc.record({
  principal: fc.integer({ min: 1, max: 10_000_000_000 }),
  // Up to 36 % a year over 30 years: compound growth of ₹10 crore stays within safe integers.
  rateBps: fc.integer({ min: 0, max: 3_600 }),
  months: fc.integer({ min: 1, max: 360 }),
  interestType: fc.constantFrom(...INTEREST_TYPES),
})

describe('EMI and schedules', () => {
  it('₹10,00,000 at 8.5 % for 240 months is ₹8,678.23 a month', () => {
    expect(emiFor(10 * LAKH, 850, 240)).toBe(867_823)
  })

  it('a known schedule: first month interest ₹7,083.33, the parts add up to the principal', () => {
    const rows = amortisationSchedule({ principal: 10 * LAKH, rateBps: 850, months: 240, interestType: 'emi' })
    expect(rows).toHaveLength(240)
    expect(rows[0]).toMatchObject({ interest: 708_333, principal: 867_823 - 708_333, payment: 867_823 })
    expect(sum(rows.map((r) => r.principal))).toBe(10 * LAKH)
    expect(rows.at(-1)!.balance).toBe(0)
    // The exact EMI is ₹8,678.2323…: 56 of the 240 instalments are ₹8,678.24, so the total interest
    // is what 240 exact instalments pay beyond the principal, to the paisa (₹10,82,775.76).
    expect(rows.every((r) => r.payment === 867_823 || r.payment === 867_824)).toBe(true)
    expect(sum(rows.map((r) => r.interest))).toBe(1_08_27_75_76)
  })

  it('interest-free EMI is the principal over the months, rounded up', () => {
    expect(emiFor(1000, 0, 3)).toBe(334)
  })

  it('simple (flat) interest: ₹1,00,000 at 12 % for 12 months is ₹12,000, spread evenly', () => {
    expect(simpleInterest(LAKH, 1200, 12)).toBe(12_000_00)
    const rows = amortisationSchedule({ principal: LAKH, rateBps: 1200, months: 12, interestType: 'simple' })
    expect(rows.every((r) => r.payment === 9_333_33 || r.payment === 9_333_34)).toBe(true)
    expect(sum(rows.map((r) => r.interest))).toBe(12_000_00)
  })

  it('compound: interest compounds monthly and everything is repaid at the end', () => {
    const rows = amortisationSchedule({ principal: LAKH, rateBps: 1200, months: 12, interestType: 'compound' })
    expect(rows.slice(0, -1).every((r) => r.payment === 0)).toBe(true)
    // 1,00,000 × 1.01¹² = 1,12,682.50
    expect(Math.abs(rows.at(-1)!.payment - 11_268_250)).toBeLessThanOrEqual(2)
    expect(proposedInstalment({ principal: LAKH, rateBps: 1200, months: 12, interestType: 'compound' })).toBe(
      Math.ceil(rows.at(-1)!.payment / 12),
    )
  })

  it('every schedule: principal parts are whole paise adding up to the principal; no balance below 0', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const rows = amortisationSchedule(t)
        expect(sum(rows.map((r) => r.principal))).toBe(t.principal)
        for (const r of rows) {
          expect(Number.isInteger(r.principal) && Number.isInteger(r.interest)).toBe(true)
          expect(r.balance).toBeGreaterThanOrEqual(0)
          expect(r.principal).toBeGreaterThanOrEqual(0)
        }
        // Whatever is paid is the principal plus the interest (compound: capitalised, paid at the end).
        expect(sum(rows.map((r) => r.payment))).toBe(t.principal + sum(rows.map((r) => r.interest)))
        expect(rows.at(-1)!.balance).toBe(0)
      }),
    )
  })

  // The loan form's range: up to ₹10 crore, 0–100 % a year, 1–600 months.
  const emiTerms = fc.record({
    principal: fc.integer({ min: 1, max: MAX_PLAN_PAISE }),
    rateBps: fc.integer({ min: 0, max: 10_000 }),
    months: fc.integer({ min: 1, max: 600 }),
  })
  const RUPEE = 100

  it('an EMI schedule keeps its stated length and every instalment, the last too, is within ₹1 of the EMI', () => {
    fc.assert(
      fc.property(emiTerms, (t) => {
        const rows = amortisationSchedule({ ...t, interestType: 'emi' })
        const emi = emiFor(t.principal, t.rateBps, t.months)
        expect(rows).toHaveLength(t.months)
        expect(sum(rows.map((r) => r.principal))).toBe(t.principal)
        // One check per row, gathered: an expect() per row makes 600-month schedules slow to test.
        let owed = t.principal
        const wrong = rows.filter((r, i) => {
          const ok =
            r.month === i + 1 &&
            Math.min(r.principal, r.interest, r.balance) >= 0 &&
            r.payment === r.principal + r.interest &&
            r.balance === owed - r.principal &&
            Math.abs(r.payment - emi) <= RUPEE
          owed = r.balance
          return !ok
        })
        expect(wrong).toEqual([])
        expect(rows.at(-1)!.balance).toBe(0)
      }),
      {
        numRuns: 400,
        examples: [
          [{ principal: LAKH, rateBps: 3_600, months: 360 }],
          [{ principal: LAKH, rateBps: 3_600, months: 240 }],
          [{ principal: 46_90_000_00, rateBps: 3_600, months: 300 }],
          [{ principal: MAX_PLAN_PAISE, rateBps: 10_000, months: 600 }],
          [{ principal: 1, rateBps: 1, months: 600 }],
          [{ principal: 1000, rateBps: 0, months: 600 }],
        ],
      },
    )
  })

  it('₹1,00,000 at 36 % over 360 months: 360 instalments of ₹3,000.07, give or take a paisa', () => {
    const rows = amortisationSchedule({ principal: LAKH, rateBps: 3_600, months: 360, interestType: 'emi' })
    expect(emiFor(LAKH, 3_600, 360)).toBe(3_000_07)
    expect(rows).toHaveLength(360)
    expect(new Set(rows.map((r) => r.payment))).toEqual(new Set([3_000_07, 3_000_08]))
    expect(rows[0]).toMatchObject({ interest: 3_000_00, principal: rows[0]!.payment - 3_000_00 })
  })

  it('the balance after paying is never negative and never grows with more paid', () => {
    fc.assert(
      fc.property(terms, fc.nat(20_000_000_000), fc.nat(1_000_000), (t, paid, more) => {
        const a = balanceAfterPaid(t, paid)
        const b = balanceAfterPaid(t, paid + more)
        expect(a).toBeGreaterThanOrEqual(0)
        expect(a).toBeLessThanOrEqual(t.principal)
        expect(b).toBeLessThanOrEqual(a)
      }),
    )
  })

  it('paying exactly the first instalments leaves that row’s balance', () => {
    const t = { principal: 10 * LAKH, rateBps: 850, months: 240, interestType: 'emi' as const }
    const rows = amortisationSchedule(t)
    expect(balanceAfterPaid(t, sum(rows.slice(0, 12).map((r) => r.payment)))).toBe(rows[11]!.balance)
    // Twelve rounded EMIs fall 3 paise short of the first twelve instalments: that much principal is still owed.
    expect(balanceAfterPaid(t, 867_823 * 12)).toBe(rows[11]!.balance + 3)
  })
})

describe('projections', () => {
  it('amortise clears the standard EMI in its term; a payment under the interest never clears', () => {
    const p = amortise(10 * LAKH, 850, 867_823)
    expect(p.months).toBe(240)
    expect(amortise(10 * LAKH, 850, 700_000).months).toBeNull()
    expect(monthsLeft(0, 850, 1)).toBe(0)
  })

  it('the debt-free date is the last payment’s due day, in calendar months like the schedule', () => {
    // No due day: today plus the months (the 30-day estimate said 2 Mar).
    expect(debtFreeDay('2026-01-01', 2, null)).toBe('2026-03-01')
    // A 12-month loan started 26 Nov, first EMI a month later: its payoff date exactly (was 21 Nov).
    expect(debtFreeDay('2026-11-26', 12, '2026-12-26')).toBe('2027-11-26')
    // A two-month loan: the payoff day, not a day before it (was 25 Jan).
    expect(debtFreeDay('2026-11-26', 2, '2026-12-26')).toBe('2027-01-26')
    // Month ends stay month ends; an overdue due day counts from today; nothing owed is today.
    expect(debtFreeDay('2026-01-15', 2, '2026-01-31')).toBe('2026-02-28')
    expect(debtFreeDay('2026-05-10', 3, '2026-04-01')).toBe('2026-08-10')
    expect(debtFreeDay('2026-05-10', 0, '2026-06-01')).toBe('2026-05-10')
  })

  it('a loan paid on its schedule is debt-free on its payoff date, for any start and term', () => {
    // EMI days 1–28 (a 31st's schedule moves to the 28th in February and stays there).
    const start = fc.record({
      year: fc.integer({ min: 2020, max: 2035 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
    })
    fc.assert(
      fc.property(start, fc.integer({ min: 1, max: 360 }), ({ year, month, day }, months) => {
        const today = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
        const payoff = addPeriods(today, 'monthly', months)
        expect(debtFreeDay(today, months, addPeriods(today, 'monthly', 1))).toBe(payoff)
      }),
      { seed: 20261126, numRuns: 500 },
    )
  })

  const loan = fc.record({
    balance: fc.integer({ min: 10_000, max: 5_000_000_000 }),
    rateBps: fc.integer({ min: 0, max: 3_600 }),
    months: fc.integer({ min: 1, max: 360 }),
  })

  it('a prepayment never costs more interest or takes longer, either way', () => {
    fc.assert(
      fc.property(
        loan,
        fc.integer({ min: 1, max: 5_000_000_000 }),
        fc.integer({ min: 0, max: 300 }),
        (l, pre, bump) => {
          const emi = emiFor(l.balance, l.rateBps, l.months) + bump
          const w = prepaymentWhatIf({ balance: l.balance, rateBps: l.rateBps, emi, prepayment: pre })
          expect(w).not.toBeNull()
          for (const option of [w!.reduceTenure, w!.reduceEmi]) {
            expect(option.interest).toBeLessThanOrEqual(w!.base.interest)
            expect(option.months!).toBeLessThanOrEqual(w!.base.months!)
            expect(option.balances.every((b) => b >= 0)).toBe(true)
          }
          expect(w!.reduceEmi.emi).toBeLessThanOrEqual(emi)
        },
      ),
    )
  })

  it('a known what-if: ₹1,00,000 prepaid on ₹10,00,000 at 8.5 % / 240 months', () => {
    const w = prepaymentWhatIf({ balance: 10 * LAKH, rateBps: 850, emi: 867_823, prepayment: LAKH })!
    expect(w.base.months).toBe(240)
    expect(w.reduceEmi.months).toBe(240)
    expect(w.reduceEmi.emi).toBe(Math.round(867_823 * 0.9))
    expect(w.reduceTenure.months).toBeLessThan(240)
    expect(w.reduceTenure.interestSaved).toBeGreaterThan(w.reduceEmi.interestSaved)
  })

  const debt = fc.record({
    id: fc.uuid(),
    name: fc.constant('x'),
    balance: fc.integer({ min: 0, max: 500_000_000 }),
    rateBps: fc.integer({ min: 0, max: 3_600 }),
    minPayment: fc.integer({ min: 1_000, max: 5_000_000 }),
  })

  it('avalanche never pays more interest than snowball; neither leaves a negative balance', () => {
    fc.assert(
      fc.property(fc.array(debt, { minLength: 1, maxLength: 5 }), fc.nat(10_000_000), (debts, extra) => {
        // Each minimum covers its interest and clears the loan within 50 years on its own.
        const fed = debts.map((d) => ({
          ...d,
          minPayment: Math.max(d.minPayment, Math.ceil((d.balance * d.rateBps) / 120_000 + d.balance / 600) + 100),
        }))
        const snow = payoffPlan(fed, extra, 'snowball')
        const ava = payoffPlan(fed, extra, 'avalanche')
        expect(ava.interest).toBeLessThanOrEqual(snow.interest)
        expect(snow.balances.every((b) => b >= 0) && ava.balances.every((b) => b >= 0)).toBe(true)
        expect(ava.months).not.toBeNull()
      }),
    )
  })

  it('orders: snowball smallest balance first, avalanche highest rate first', () => {
    const debts: PlanDebt[] = [
      { id: 'card', name: 'Card', balance: 5_000_000, rateBps: 3_600, minPayment: 250_000 },
      { id: 'phone', name: 'Phone', balance: 1_000_000, rateBps: 1_400, minPayment: 100_000 },
      { id: 'car', name: 'Car', balance: 40_000_000, rateBps: 900, minPayment: 900_000 },
    ]
    expect(priorityOrder(debts, 'snowball').map((d) => d.id)).toEqual(['phone', 'card', 'car'])
    expect(priorityOrder(debts, 'avalanche').map((d) => d.id)).toEqual(['card', 'phone', 'car'])
    const plan = payoffPlan(debts, 500_000, 'avalanche')
    expect(plan.order.every((o) => o.month !== null)).toBe(true)
    expect(plan.months).toBe(Math.max(...plan.order.map((o) => o.month!)))
    expect(payoffPlan(debts, 0, 'snowball').months).toBeGreaterThan(plan.months!)
  })

  it('a plan whose payments never cover the interest says so', () => {
    const plan = payoffPlan(
      [{ id: 'a', name: 'A', balance: 10 * LAKH, rateBps: 3_600, minPayment: 100 }],
      0,
      'snowball',
    )
    expect(plan.months).toBeNull()
  })
})

function payment(p: Partial<LoanPayment>): LoanPayment {
  return {
    id: 'p',
    ownerId: 'u',
    updatedAt: 1,
    loanId: 'l',
    amount: 100,
    principalPaid: 100,
    interestPaid: 0,
    date: new Date(2026, 0, 10).getTime(),
    type: 'regular',
    method: 'upi',
    note: '',
    refused: null,
    ...p,
  }
}

describe('figures derived from payments', () => {
  const loan = {
    principal: 100_000,
    currentBalance: 80_000,
    paidBefore: 25_000,
    lastPaymentDate: '2025-12-05',
    lastPaymentAmount: 5_000,
    nextDueDate: '2026-01-31',
    duePaymentsCounted: 0,
    frequency: 'monthly' as const,
  }

  it('with no payments the loan’s own figures show', () => {
    expect(loanFigures(loan, [])).toMatchObject({
      balance: 80_000,
      totalPaid: 25_000,
      progress: 0.2,
      lastPaymentDate: '2025-12-05',
      nextDueDate: '2026-01-31',
    })
  })

  it('two payments (two devices) both count; the newest is the last payment; due day moves per regular one', () => {
    const f = loanFigures(loan, [
      payment({ amount: 6_000, principalPaid: 5_000, interestPaid: 1_000 }),
      payment({ amount: 7_000, principalPaid: 7_000, date: new Date(2026, 0, 12).getTime(), type: 'extra' }),
    ])
    expect(f).toMatchObject({ balance: 68_000, totalPaid: 38_000, lastPaymentAmount: 7_000, nextDueDate: '2026-02-28' })
    expect(f.lastPaymentDate).toBe('2026-01-12')
  })

  it('an edited due day counts only the regular payments after the edit', () => {
    const two = [payment({}), payment({ id: 'q' })]
    expect(loanFigures({ ...loan, duePaymentsCounted: 2 }, two).nextDueDate).toBe('2026-01-31')
    expect(loanFigures({ ...loan, duePaymentsCounted: 1 }, two).nextDueDate).toBe('2026-02-28')
  })

  it('the balance never goes below zero, whatever is paid', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 20 }), (amounts) => {
        const f = loanFigures(
          loan,
          amounts.map((a) => payment({ amount: a, principalPaid: a })),
        )
        expect(f.balance).toBeGreaterThanOrEqual(0)
        expect(f.progress).toBeGreaterThanOrEqual(0)
        expect(f.progress).toBeLessThanOrEqual(1)
      }),
    )
  })

  it('due dates move by frequency and keep month ends', () => {
    expect(addPeriods('2026-01-31', 'monthly', 1)).toBe('2026-02-28')
    expect(addPeriods('2026-01-31', 'quarterly', 1)).toBe('2026-04-30')
    expect(addPeriods('2026-01-31', 'weekly', 2)).toBe('2026-02-14')
    expect(addPeriods('2024-02-29', 'yearly', 1)).toBe('2025-02-28')
  })

  it('payment status: overdue, due soon (7 days), on track, paid off', () => {
    expect(paymentStatus({ balance: 1, nextDueDate: '2026-01-09' }, '2026-01-10')).toBe('overdue')
    expect(paymentStatus({ balance: 1, nextDueDate: '2026-01-17' }, '2026-01-10')).toBe('due_soon')
    expect(paymentStatus({ balance: 1, nextDueDate: '2026-01-18' }, '2026-01-10')).toBe('on_track')
    expect(paymentStatus({ balance: 0, nextDueDate: '2026-01-01' }, '2026-01-10')).toBe('paid_off')
  })

  it('the proposed split takes this month’s interest first and always adds up', () => {
    const l = { interestType: 'emi' as const, interestRateBps: 1200, principal: LAKH, durationMonths: 12 }
    expect(proposeSplit(l, LAKH, 10_000_00)).toEqual({ interest: 1_000_00, principal: 9_000_00 })
    expect(proposeSplit({ ...l, interestType: 'none' }, LAKH, 500)).toEqual({ interest: 0, principal: 500 })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 1, max: 1e9 }), (bal, amount) => {
        const s = proposeSplit(l, bal, amount)
        expect(s.interest + s.principal).toBe(amount)
        expect(Math.min(s.interest, s.principal)).toBeGreaterThanOrEqual(0)
      }),
    )
  })
})

describe('loan input rules', () => {
  const today = '2026-01-15'
  const base = {
    type: 'home',
    name: 'Flat',
    status: 'existing',
    startDate: '2025-01-15',
    principal: '1000000',
    interestRate: '8.5',
    durationMonths: '240',
    paidSoFar: '104138.76',
    emi: '8678.23',
  }

  it('a full existing loan computes its current balance from what was paid', () => {
    const r = checkLoan(base, today)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    const rows = amortisationSchedule({ principal: 10 * LAKH, rateBps: 850, months: 240, interestType: 'emi' })
    // Paid so far is twelve EMIs of ₹8,678.23, 3 paise short of the schedule's first twelve instalments.
    expect(r.value.currentBalance).toBe(rows[11]!.balance + 3)
    expect(r.value).toMatchObject({ interestRateBps: 850, emi: 867_823, missedPayments: 0, frequency: 'monthly' })
  })

  it('a new loan’s balance is its principal; the name is optional', () => {
    const r = checkLoan({ ...base, status: 'new', name: '', startDate: today }, today)
    expect(r.ok && r.value.currentBalance).toBe(10 * LAKH)
  })

  it('refuses each rule with its message', () => {
    const refuse = (input: Record<string, unknown>, message: string) => {
      const r = checkLoan({ ...base, ...input }, today)
      expect(r.ok ? 'accepted' : r.error).toBe(message)
    }
    refuse({ type: '' }, LOAN_MESSAGES.typeRequired)
    refuse({ type: 'yacht' }, LOAN_MESSAGES.typeInvalid)
    refuse({ status: '' }, LOAN_MESSAGES.statusRequired)
    refuse({ startDate: '2026-01-16' }, LOAN_MESSAGES.startFuture)
    refuse({ principal: '0' }, LOAN_MESSAGES.amountPositive)
    refuse({ principal: '-5' }, LOAN_MESSAGES.amountNegative)
    refuse({ interestRate: '' }, LOAN_MESSAGES.rateRequired)
    refuse({ interestRate: '101' }, LOAN_MESSAGES.rateInvalid)
    refuse({ durationMonths: '' }, LOAN_MESSAGES.durationRequired)
    refuse({ durationMonths: '2.5' }, LOAN_MESSAGES.durationInvalid)
    refuse({ payoffDate: '2026-01-14' }, LOAN_MESSAGES.payoffPast)
    refuse({ paidSoFar: '' }, LOAN_MESSAGES.paidRequired)
    refuse({ lastPaymentDate: '2026-01-16' }, LOAN_MESSAGES.lastPaymentFuture)
    refuse({ missedPayments: '-1' }, LOAN_MESSAGES.missedInvalid)
    refuse({ emi: '' }, LOAN_MESSAGES.emiRequired)
    refuse({ emi: '0' }, LOAN_MESSAGES.amountPositive)
    refuse({ nextDueDate: '2026-01-14' }, LOAN_MESSAGES.nextDuePast)
  })

  it('the duration may be a payoff date instead of months; zero interest is allowed', () => {
    const r = checkLoanTerms({ principal: '500', interestRate: '0', payoffDate: '2026-07-15' }, today, '2026-01-15')
    expect(r.ok && r.value).toMatchObject({ durationMonths: 6, interestRateBps: 0, payoffDate: '2026-07-15' })
    expect(monthsBetween('2026-01-15', '2026-07-16')).toBe(7)
  })

  it('step checks', () => {
    expect(checkLoanStart({ status: 'new', startDate: today }, today).ok).toBe(true)
    expect(checkLoanStanding({}, today, false)).toEqual({ ok: true, value: { paidBefore: 0, missedPayments: 0 } })
    expect(checkLoanPlan({ emi: '10', nextDueDate: today }, today).ok).toBe(true)
  })

  it('payments: amount > 0, parts add up, not in the future, defaults regular / upi', () => {
    const split = (a: number) => ({ principal: a - 100, interest: 100 })
    const ok = checkPayment({ amount: '5', date: today }, today, split)
    expect(ok).toEqual({
      ok: true,
      value: {
        amount: 500,
        principalPaid: 400,
        interestPaid: 100,
        day: today,
        type: 'regular',
        method: 'upi',
        note: '',
      },
    })
    const error = (input: Record<string, unknown>) => {
      const r = checkPayment({ amount: '5', ...input }, today, split)
      return r.ok ? 'accepted' : r.error
    }
    expect(error({ amount: '0' })).toBe(LOAN_MESSAGES.paymentAmount)
    expect(error({ amount: '-1' })).toBe(LOAN_MESSAGES.paymentAmount)
    expect(error({ principal: '3', interest: '1' })).toBe(LOAN_MESSAGES.paymentSplit)
    expect(error({ date: '2026-01-16' })).toBe(LOAN_MESSAGES.paymentDateFuture)
    expect(error({ method: 'cheque' })).toBe(LOAN_MESSAGES.paymentMethodInvalid)
  })
})

describe('a payment is never more than the loan owes', () => {
  type Terms = Parameters<typeof paymentLimits>[0]
  const home: Terms = { interestType: 'emi', interestRateBps: 850, principal: 50 * LAKH, durationMonths: 240 }
  const owed = 46_90_000_00
  const check = (input: Record<string, unknown>, loan: Terms = home, balance = owed) =>
    checkPayment({ date: '2026-01-15', ...input }, '2026-01-15', (a) => proposeSplit(loan, balance, a), {
      limits: paymentLimits(loan, balance),
    })

  it('₹9,99,99,999 "Regular EMI" on ₹46.9 L outstanding is refused, saying what closes the loan', () => {
    const closing = owed + Math.round(owed * (850 / 120_000))
    expect(check({ amount: '99999999', type: 'regular' })).toEqual({
      ok: false,
      field: 'amount',
      error: LOAN_MESSAGES.paymentOverOwed('₹47,23,220.83'),
    })
    expect(closing).toBe(47_23_220_83)
    // The closing prepayment is allowed, a paisa more is not.
    const closed = check({ amount: '4723220.83', type: 'full' })
    expect(closed.ok && closed.value).toMatchObject({ principalPaid: owed, interestPaid: 33_220_83 })
    expect(check({ amount: '4723220.84' }).ok).toBe(false)
  })

  it('parts given by hand: principal above the balance, interest above all the terms charge', () => {
    expect(check({ amount: '4690000.01', principal: '4690000.01', interest: '0' })).toEqual({
      ok: false,
      field: 'principal',
      error: LOAN_MESSAGES.principalOverBalance('₹46,90,000'),
    })
    const free = { ...home, interestType: 'none' as const }
    expect(check({ amount: '100', principal: '0', interest: '100' }, free)).toEqual({
      ok: false,
      field: 'interest',
      error: LOAN_MESSAGES.interestOverTerms('₹0'),
    })
  })

  it('a refused payment counts for nothing in the figures', () => {
    const loan = { principal: 100_000, currentBalance: 80_000, paidBefore: 0, duePaymentsCounted: 0 }
    const f = loanFigures({ ...loan, frequency: 'monthly' }, [
      payment({ amount: 5_000, principalPaid: 5_000 }),
      payment({ id: 'q', amount: 900_000, principalPaid: 900_000, refused: 'over_balance' }),
    ])
    expect(f).toMatchObject({ balance: 75_000, totalPaid: 5_000, lastPaymentAmount: 5_000 })
  })

  const loanTerms = fc.record({
    interestType: fc.constantFrom(...INTEREST_TYPES),
    interestRateBps: fc.integer({ min: 0, max: 10_000 }),
    principal: fc.integer({ min: 1, max: 1e10 }),
    durationMonths: fc.integer({ min: 1, max: 600 }),
  })

  it('what is accepted fits the balance; anything up to the closing payment is accepted', () => {
    fc.assert(
      fc.property(loanTerms, fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 1, max: 1e10 }), (l, bal, amt) => {
        const limits = paymentLimits(l, bal)
        const r = check({ amount: formatDecimal(amt) }, l, bal)
        if (r.ok) {
          expect(r.value.principalPaid).toBeLessThanOrEqual(bal)
          expect(r.value.interestPaid).toBeLessThanOrEqual(limits.maxInterest)
        }
        expect(r.ok).toBe(amt <= limits.closing)
      }),
      { numRuns: 300 },
    )
  })
})
