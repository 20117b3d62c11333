import { Calculator, CalendarClock, ChevronRight, Plus } from 'lucide-react'
import { useNavigate } from 'react-router-dom'
import { Amount } from '../../components/ui/amount'
import { ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { Spinner } from '../../components/ui/spinner'
import { NotConvertedNote } from '../../components/ui/not-converted'
import { throwIfUnread, useHomeCurrency } from '../../data/hooks'
import { useAllLoanPayments, useLoans } from '../../data/loan-hooks'
import { debtTotals } from '../../../schema/calc/debt-totals'
import { useNow } from '../../lib/use-now'
import { formatDay, loanTitle, loanTypeInfo } from './loan-types'
import { loanViews, STATUS_TEXT, type LoanView } from './loan-view'
import { ProgressBar } from './progress-bar'
import { LoanMoney, useLoanCurrency } from './loan-currency'
import './debts.css'

/** The totals in the home currency: each loan converted at its own rate, those with none named. */
function Totals({ views }: { views: readonly LoanView[] }) {
  const home = useHomeCurrency()
  const { outstanding, monthly, notConverted } = debtTotals(
    views.map((v) => ({ loan: v.loan, balance: v.figures.balance })),
    home,
  )
  const never = views.some((v) => v.debtFreeDay === null)
  const latest = views.reduce<string | null>(
    (d, v) => (v.debtFreeDay && (!d || v.debtFreeDay > d) ? v.debtFreeDay : d),
    null,
  )
  return (
    <section className="debts-totals" aria-label="Totals">
      <Card className="debts-total">
        <p className="debts-total__label">Total outstanding</p>
        <p className="debts-total__value" data-testid="total-outstanding">
          <Amount value={outstanding} compact />
        </p>
      </Card>
      <Card className="debts-total">
        <p className="debts-total__label">Monthly EMIs</p>
        <p className="debts-total__value" data-testid="total-emi">
          <Amount value={monthly} compact />
        </p>
      </Card>
      <Card className="debts-total">
        <p className="debts-total__label">Debt-free by</p>
        <p className="debts-total__value debts-total__value--date" data-testid="debt-free-date">
          {never ? 'Not at current EMIs' : latest ? formatDay(latest) : '—'}
        </p>
      </Card>
      <NotConvertedNote count={notConverted} where="these totals" className="debts-totals__note" />
    </section>
  )
}

function LoanCard({ view }: { view: LoanView }) {
  const navigate = useNavigate()
  const { loan, figures, status } = view
  const Icon = loanTypeInfo(loan.type).icon
  const title = loanTitle(loan)
  return (
    <li>
      <LoanMoney currency={useLoanCurrency(loan)}>
        <Card
          className={`loan-card loan-card--${status}`}
          onClick={() => navigate(`/debts/${loan.id}`)}
          aria-label={`${title}, ${STATUS_TEXT[status]}`}
          data-testid="loan-card"
        >
          <div className="loan-card__top">
            <span className="loan-card__icon" aria-hidden="true">
              <Icon size={20} />
            </span>
            <div className="loan-card__body">
              <p className="loan-card__name">{title}</p>
              <p className="loan-card__meta">
                {loanTypeInfo(loan.type).name}
                {loan.lender ? ` · ${loan.lender}` : ''}
              </p>
            </div>
            <div className="loan-card__owed">
              <Amount value={figures.balance} compact />
              <span className="loan-card__owed-label">left</span>
            </div>
            <ChevronRight size={18} aria-hidden="true" className="loan-card__chevron" />
          </div>
          <ProgressBar value={figures.progress} label={`${title} repaid`} />
          <p className="loan-card__due">
            <span className={`status-pill status-pill--${status}`}>{STATUS_TEXT[status]}</span>
            {figures.nextDueDate ? (
              <span>
                <CalendarClock size={14} aria-hidden="true" /> Next <Amount value={loan.emi} /> on{' '}
                {formatDay(figures.nextDueDate)}
              </span>
            ) : (
              <span>
                EMI <Amount value={loan.emi} />
              </span>
            )}
          </p>
        </Card>
      </LoanMoney>
    </li>
  )
}

function EmptyState() {
  return (
    <Card className="debts-empty" padding="lg">
      <p className="debts-empty__title">No debts or loans yet</p>
      <p>Add a home loan, a card, or money owed to family, and track every repayment here.</p>
      <ButtonLink to="/debts/add" icon={<Plus size={18} />}>
        Add Debt
      </ButtonLink>
    </Card>
  )
}

/** /debts: the active loans with progress and due styling, totals and the debt-free estimate. */
export default function DebtsScreen() {
  const now = useNow()
  const loans = useLoans()
  const payments = useAllLoanPayments()
  throwIfUnread(loans, payments)
  const views = loanViews(loans.data, payments.data, now)
  const active = views.filter((v) => v.active)
  const paidOff = views.length - active.length
  return (
    <div className="debts">
      <PageHeader
        title="Debts & Loans"
        subtitle="What you owe, what you have repaid, and when you will be debt-free"
        badge={<Calculator size={22} />}
        badgeClassName="debts__badge"
      >
        <ButtonLink to="/debts/add" icon={<Plus size={18} />} className="debts__add">
          Add Debt
        </ButtonLink>
      </PageHeader>
      {loans.loading ? (
        <Spinner />
      ) : active.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <Totals views={active} />
          <ButtonLink to="/debts/planner" variant="outline" icon={<Calculator size={18} />}>
            Payoff planner
          </ButtonLink>
          <ul className="loan-list" aria-label="Active loans">
            {active.map((v) => (
              <LoanCard key={v.loan.id} view={v} />
            ))}
          </ul>
        </>
      )}
      {paidOff > 0 ? (
        <p className="debts__paid-off">
          {paidOff === 1 ? '1 loan is' : `${paidOff} loans are`} paid off and no longer listed.
        </p>
      ) : null}
    </div>
  )
}
