import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { amortisationSchedule } from '../../../schema/calc/amortisation'
import { payoffPlan, prepaymentWhatIf, type PayoffPlan } from '../../../schema/calc/debt-plan'
import { planningRateBps } from '../../../schema/calc/loan-figures'
import { Amount } from '../../components/ui/amount'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { AmountField, SelectField } from '../../components/ui/field'
import { Spinner } from '../../components/ui/spinner'
import { useAllLoanPayments, useLoans } from '../../data/loan-hooks'
import { useMoney } from '../../data/use-money'
import { useHomeCurrency } from '../../data/hooks'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { inHome, moneyEntryOf } from '../../../schema/money/currency'
import { LoanMoney, useLoanCurrency } from './loan-currency'
import { useNow } from '../../lib/use-now'
import { BalanceChart } from './debt-chart'
import { formatMonths, INTEREST_TYPE_LABEL, loanTitle } from './loan-types'
import { loanViews, type LoanView } from './loan-view'
import './debts.css'
import { TableHead } from '../../components/ui/table-head'

const monthsText = (months: number | null) => (months === null ? 'Never at this payment' : formatMonths(months))

function ScheduleSection({ view }: { view: LoanView }) {
  const { loan } = view
  const rows = amortisationSchedule({
    principal: loan.principal,
    rateBps: loan.interestRateBps,
    months: loan.durationMonths,
    interestType: loan.interestType,
  })
  const totalInterest = rows.reduce((sum, r) => sum + r.interest, 0)
  return (
    <Card className="planner-section" padding="lg">
      <h2 className="section-title">Amortisation schedule</h2>
      <p className="muted">
        {INTEREST_TYPE_LABEL[loan.interestType]} over {formatMonths(loan.durationMonths)}: total interest{' '}
        <Amount value={totalInterest} />.
      </p>
      <BalanceChart
        label={`Balance of ${loanTitle(loan)} month by month from its start; the figures are in the table below.`}
        series={[{ name: 'Balance', tone: 1, values: [loan.principal, ...rows.map((r) => r.balance)] }]}
      />
      <details className="planner-details">
        <summary>Show the schedule ({rows.length} months)</summary>
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Schedule table">
          <table className="planner-table" data-testid="schedule-table">
            <TableHead columns={['Month', 'Payment', 'Principal', 'Interest', 'Balance']} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.month}>
                  <th scope="row">{r.month}</th>
                  <td>
                    <Amount value={r.payment} />
                  </td>
                  <td>
                    <Amount value={r.principal} />
                  </td>
                  <td>
                    <Amount value={r.interest} />
                  </td>
                  <td>
                    <Amount value={r.balance} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  )
}

function WhatIfSection({ view }: { view: LoanView }) {
  const money = useMoney()
  const [text, setText] = useState('')
  const prepayment = money.fromEdit(text) ?? 0
  const whatIf = prepaymentWhatIf({
    balance: view.figures.balance,
    rateBps: planningRateBps(view.loan),
    emi: view.loan.emi,
    prepayment: Math.max(0, prepayment),
  })
  return (
    <Card className="planner-section" padding="lg">
      <h2 className="section-title">Prepayment what-if</h2>
      <AmountField label="Prepay now" name="prepayment" value={text} onChange={(e) => setText(e.target.value)} />
      {!whatIf ? (
        <p className="wizard__need">The EMI does not cover the interest, so this loan never clears at this payment.</p>
      ) : (
        <>
          <BalanceChart
            label={
              'Balance paying on as now, reducing the tenure, and reducing the EMI; ' +
              'the figures are in the table below.'
            }
            series={[
              { name: 'As now', tone: 3, values: whatIf.base.balances, dashed: true },
              { name: 'Reduce tenure', tone: 1, values: whatIf.reduceTenure.balances },
              { name: 'Reduce EMI', tone: 2, values: whatIf.reduceEmi.balances },
            ]}
          />
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Prepayment table">
            <table className="planner-table" data-testid="what-if-table">
              <TableHead columns={['Option', 'EMI', 'Months left', 'Interest', 'Interest saved', 'Months saved']} />
              <tbody>
                {(
                  [
                    ['As now', { ...whatIf.base, interestSaved: 0, monthsSaved: 0 }],
                    ['Reduce tenure', whatIf.reduceTenure],
                    ['Reduce EMI', whatIf.reduceEmi],
                  ] as const
                ).map(([name, o]) => (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td>
                      <Amount value={o.emi} exact />
                    </td>
                    <td>{monthsText(o.months)}</td>
                    <td>
                      <Amount value={o.interest} />
                    </td>
                    <td>
                      <Amount value={o.interestSaved} />
                    </td>
                    <td>{o.monthsSaved}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  )
}

function PlanTable({ plans }: { plans: readonly PayoffPlan[] }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Payoff plan table">
      <table className="planner-table" data-testid="plan-table">
        <TableHead columns={['Strategy', 'Order (cleared in month)', 'Debt-free in', 'Total interest']} />
        <tbody>
          {plans.map((p) => (
            <tr key={p.strategy}>
              <th scope="row">{p.strategy === 'snowball' ? 'Snowball' : 'Avalanche'}</th>
              <td>{p.order.map((o) => `${o.name} (${o.month ?? '—'})`).join(' → ')}</td>
              <td>{monthsText(p.months)}</td>
              <td>
                <Amount value={p.interest} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function PlanSection({ views }: { views: readonly LoanView[] }) {
  const money = useMoney()
  const [text, setText] = useState('')
  const home = useHomeCurrency()
  const extra = Math.max(0, money.fromEdit(text) ?? 0)
  // Across loans in the home currency: each at its own rate; a loan with no rate is left out and named.
  const converted = views.map((v) => {
    const at = (amount: number) => inHome(moneyEntryOf({ ...v.loan, amount }, home), home.currency)
    const [balance, minPayment] = [at(v.figures.balance), at(v.loan.emi)]
    if (balance === null || minPayment === null) return null
    return { id: v.loan.id, name: loanTitle(v.loan), balance, rateBps: planningRateBps(v.loan), minPayment }
  })
  const debts = converted.filter((d) => d !== null)
  const plans = [payoffPlan(debts, extra, 'snowball'), payoffPlan(debts, extra, 'avalanche')]
  const [snowball, avalanche] = plans as [PayoffPlan, PayoffPlan]
  return (
    <Card className="planner-section" padding="lg">
      <h2 className="section-title">Payoff plan across all loans</h2>
      <p className="muted">
        Snowball clears the smallest balance first; avalanche the highest rate first. Both pay every EMI, put the extra
        on one loan, and roll a cleared loan&apos;s EMI into the next.
      </p>
      <AmountField label="Extra each month" name="extra" value={text} onChange={(e) => setText(e.target.value)} />
      <BalanceChart
        label="Total owed each month under the snowball and avalanche plans; the figures are in the table below."
        series={[
          { name: 'Snowball', tone: 2, values: snowball.balances },
          { name: 'Avalanche', tone: 1, values: avalanche.balances, dashed: true },
        ]}
      />
      <NotConvertedNote count={converted.length - debts.length} where="this plan" />
      <PlanTable plans={plans} />
      <p className="planner-verdict" data-testid="plan-verdict">
        {avalanche.interest < snowball.interest ? (
          <>
            Avalanche saves <Amount value={snowball.interest - avalanche.interest} /> in interest.
          </>
        ) : (
          'Both orders pay the same interest for these loans.'
        )}
      </p>
    </Card>
  )
}

/** The chosen loan's schedule and what-if, in the loan's currency. */
function ChosenLoan({ view }: { view: LoanView }) {
  return (
    <LoanMoney currency={useLoanCurrency(view.loan)}>
      <ScheduleSection view={view} />
      <WhatIfSection key={view.loan.id} view={view} />
    </LoanMoney>
  )
}

/** /debts/planner: a loan's schedule and prepayment what-if, and a payoff plan across all active loans. */
export default function PlannerScreen() {
  const navigate = useNavigate()
  const now = useNow()
  const [params, setParams] = useSearchParams()
  const loans = useLoans()
  const payments = useAllLoanPayments()
  if (loans.loading || payments.loading) return <Spinner />
  const active = loanViews(loans.data, payments.data, now).filter((v) => v.active)
  const chosen = active.find((v) => v.loan.id === params.get('loan')) ?? active[0]
  return (
    <div className="planner">
      <header className="wizard__header">
        <button type="button" className="wizard__arrow" onClick={() => navigate('/debts')} aria-label="Back to debts">
          <ArrowLeft size={22} aria-hidden="true" />
        </button>
        <div>
          <p className="wizard__counter">Debts & Loans</p>
          <h1 className="wizard__title">Payoff planner</h1>
        </div>
      </header>
      {!chosen ? (
        <Card className="debts-empty" padding="lg">
          <p className="debts-empty__title">No active loans to plan</p>
          <ButtonLink to="/debts/add">Add Debt</ButtonLink>
        </Card>
      ) : (
        <>
          <SelectField
            label="Loan"
            name="planner-loan"
            value={chosen.loan.id}
            onChange={(e) => setParams({ loan: e.target.value }, { replace: true })}
          >
            {active.map((v) => (
              <option key={v.loan.id} value={v.loan.id}>
                {loanTitle(v.loan)}
              </option>
            ))}
          </SelectField>
          <ChosenLoan view={chosen} />
          <PlanSection views={active} />
        </>
      )}
    </div>
  )
}
