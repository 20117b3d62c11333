import { throwIfUnread } from '../../data/hooks'
import { ArrowLeft, CalendarClock, Calculator, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { Amount } from '../../components/ui/amount'
import { Button, ButtonLink } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { Spinner } from '../../components/ui/spinner'
import { useToast } from '../../components/ui/toast'
import { useLoan, useLoanPayments } from '../../data/loan-hooks'
import { deleteLoan } from '../../data/loans'
import { useNow } from '../../lib/use-now'
import {
  FREQUENCY_LABEL,
  formatDay,
  formatMonths,
  formatRate,
  INTEREST_TYPE_LABEL,
  loanTitle,
  loanTypeInfo,
} from './loan-types'
import { loanView, STATUS_TEXT, type LoanView } from './loan-view'
import { ProgressBar } from './progress-bar'
import { usePaymentDialogs } from './payment-dialogs'
import { PaymentHistory, refusedSummary } from './payment-history'
import { LoanMoney, useLoanCurrency } from './loan-currency'
import './debts.css'
import { AlertLine } from '../../components/ui/alert-line'
import { LoanNotFound } from './loan-not-found'

const DELETE_QUESTION = 'Are you sure you want to delete this loan? This action cannot be undone.'

function StatCards({ view }: { view: LoanView }) {
  const { loan, figures } = view
  return (
    <section className="loan-stats" aria-label="Summary">
      <Card className="loan-stat">
        <p className="loan-stat__label">Original amount</p>
        <p className="loan-stat__value">
          <Amount value={loan.principal} compact />
        </p>
      </Card>
      <Card className="loan-stat">
        <p className="loan-stat__label">Paid so far</p>
        <p className="loan-stat__value" data-testid="paid-so-far">
          <Amount value={figures.totalPaid} compact />
        </p>
      </Card>
      <Card className="loan-stat">
        <p className="loan-stat__label">Interest rate</p>
        <p className="loan-stat__value">{formatRate(loan.interestRateBps)}</p>
      </Card>
      <Card className="loan-stat">
        <p className="loan-stat__label">Monthly EMI</p>
        <p className="loan-stat__value">
          <Amount value={loan.emi} exact compact />
        </p>
      </Card>
    </section>
  )
}

function NextPayment({ view, onPay }: { view: LoanView; onPay: () => void }) {
  const due = view.figures.nextDueDate
  if (!due || !view.active) return null
  return (
    <Card className={`next-payment next-payment--${view.status}`}>
      <CalendarClock size={22} aria-hidden="true" />
      <div className="next-payment__text">
        <p className="next-payment__label">Next payment · {STATUS_TEXT[view.status]}</p>
        <p className="next-payment__value" data-testid="next-due">
          <Amount value={view.loan.emi} exact /> on {formatDay(due)}
        </p>
      </div>
      <Button size="sm" onClick={onPay}>
        Pay Now
      </Button>
    </Card>
  )
}

function Details({ view }: { view: LoanView }) {
  const { loan, figures } = view
  const rows: [string, ReactNode][] = [
    ['Outstanding balance', <Amount key="b" value={figures.balance} />],
    ['Type', loanTypeInfo(loan.type).name],
    ['Status', loan.status === 'new' ? 'New loan' : 'Existing loan'],
    ['Interest', INTEREST_TYPE_LABEL[loan.interestType]],
    ['Started', formatDay(loan.startDate)],
    ['Term', formatMonths(loan.durationMonths)],
    ['Payments', FREQUENCY_LABEL[loan.frequency]],
    ['Debt-free by (estimate)', view.debtFreeDay ? formatDay(view.debtFreeDay) : 'Not at this EMI'],
  ]
  if (loan.payoffDate) rows.push(['Final payoff date', formatDay(loan.payoffDate)])
  if (figures.lastPaymentDate)
    rows.push([
      'Last payment',
      <span key="l">
        {figures.lastPaymentAmount !== null ? <Amount value={figures.lastPaymentAmount} /> : null} on{' '}
        {formatDay(figures.lastPaymentDate)}
      </span>,
    ])
  if (loan.lender) rows.push(['Lender', loan.lender])
  if (loan.collateral) rows.push(['Collateral', loan.collateral])
  rows.push(['Missed payments', String(loan.missedPayments)])
  rows.push(['Early settlement', loan.allowsEarlySettlement ? 'Allowed' : 'Not allowed'])
  if (loan.notes) rows.push(['Notes', loan.notes])
  return (
    <Card className="loan-details">
      <h2 className="section-title">Loan details</h2>
      <dl className="review-list">
        {rows.map(([term, value]) => (
          <div key={term} className="review-list__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}

function DetailHeader({ view, onDelete }: { view: LoanView; onDelete: () => void }) {
  const navigate = useNavigate()
  const id = view.loan.id
  const title = loanTitle(view.loan)
  return (
    <header className="wizard__header">
      <button type="button" className="wizard__arrow" onClick={() => navigate('/debts')} aria-label="Back to debts">
        <ArrowLeft size={22} aria-hidden="true" />
      </button>
      <div className="loan-detail__title">
        <p className="wizard__counter">{loanTypeInfo(view.loan.type).name}</p>
        <h1 className="wizard__title">{title}</h1>
      </div>
      <ButtonLink to={`/debts/${id}/edit`} variant="ghost" size="sm" icon={<Pencil size={16} />}>
        Edit
      </ButtonLink>
      <Button variant="ghost" size="sm" icon={<Trash2 size={16} />} onClick={onDelete}>
        Delete
      </Button>
    </header>
  )
}

/** /debts/{id}: progress, four stat cards, next payment with Pay Now, details, history, record, edit, delete. */
export default function LoanDetailScreen() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const toast = useToast()
  const now = useNow()
  const loan = useLoan(id)
  const payments = useLoanPayments(id)
  throwIfUnread(loan, payments)
  const paymentDialogs = usePaymentDialogs(loan.data, payments.data, now)
  const [confirming, setConfirming] = useState(false)
  const [deleteFailed, setDeleteFailed] = useState(false)
  const currency = useLoanCurrency(loan.data)
  if (loan.loading || payments.loading) return <Spinner />
  if (!loan.data) return <LoanNotFound />
  const view = loanView(loan.data, payments.data, now)
  const title = loanTitle(view.loan)
  const remove = async () => {
    try {
      await deleteLoan(id)
      toast.show('Loan deleted')
      void navigate('/debts')
    } catch (e) {
      console.error(e)
      setConfirming(false)
      setDeleteFailed(true)
    }
  }
  return (
    <LoanMoney currency={currency}>
      <div className="loan-detail">
        <DetailHeader view={view} onDelete={() => setConfirming(true)} />
        <AlertLine
          className="wizard__failure"
          message={deleteFailed ? 'Failed to delete loan' : (paymentDialogs.failed ?? refusedSummary(payments.data))}
        />
        <Card className="loan-hero">
          <p className="loan-hero__label">Outstanding</p>
          <p className="loan-hero__value" data-testid="loan-balance">
            <Amount value={view.figures.balance} />
          </p>
          <ProgressBar value={view.figures.progress} label={`${title} repaid`} />
        </Card>
        <StatCards view={view} />
        <NextPayment view={view} onPay={paymentDialogs.record} />
        <div className="loan-detail__actions">
          <Button icon={<Plus size={18} />} onClick={paymentDialogs.record}>
            Record Payment
          </Button>
          <ButtonLink to={`/debts/planner?loan=${id}`} variant="outline" icon={<Calculator size={18} />}>
            Schedule and what-if
          </ButtonLink>
        </div>
        <Details view={view} />
        <PaymentHistory payments={payments.data} onEdit={paymentDialogs.edit} onDelete={paymentDialogs.remove} />
        {paymentDialogs.dialog}
        <ConfirmDialog
          open={confirming}
          title="Delete loan?"
          description={DELETE_QUESTION}
          confirmLabel="Delete"
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      </div>
    </LoanMoney>
  )
}
