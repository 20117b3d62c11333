import { Pencil, Trash2 } from 'lucide-react'
import type { PaymentRefusal } from '../../../schema/entities/loan'
import { toDayString } from '../../../schema/time'
import { Amount } from '../../components/ui/amount'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import type { LoanPaymentDoc } from '../../data/loans'
import { useMoneyFormat } from '../../lib/money-format'
import { formatDay, PAYMENT_METHOD_LABEL, PAYMENT_TYPE_LABEL } from './loan-types'

/** Why a payment counts for nothing, and what the user can do about it. */
export const REFUSAL_TEXT: Record<PaymentRefusal, string> = {
  over_balance:
    'Not counted: by the time it reached the server, other payments had left less owed than this. ' +
    'Edit it to what is left, or delete it.',
  over_interest: 'Not counted: its interest part is more than this loan charges. Edit or delete it.',
}

/** How many payments count for nothing, as a line for the top of the loan; null when all count. */
export function refusedSummary(payments: readonly LoanPaymentDoc[]): string | null {
  const refused = payments.filter((p) => p.refused).length
  if (refused === 0) return null
  const which = refused === 1 ? '1 payment is' : `${refused} payments are`
  return `${which} not counted in this loan's figures. See Payment history to correct ${refused === 1 ? 'it' : 'them'}.`
}

function PaymentRow(props: { payment: LoanPaymentDoc; onEdit: () => void; onDelete: () => void }) {
  const { payment: p, onEdit, onDelete } = props
  const money = useMoneyFormat()
  const day = formatDay(toDayString(p.date))
  const which = `payment of ${money.format(p.amount, { exact: true })} on ${day}`
  return (
    <li className={p.refused ? 'history-item history-item--refused' : 'history-item'} data-testid="payment-row">
      <div className="history-item__main">
        <p className="history-item__amount">
          <Amount value={p.amount} exact />
        </p>
        <p className="history-item__meta">
          {day} · {PAYMENT_TYPE_LABEL[p.type]} · {PAYMENT_METHOD_LABEL[p.method]}
        </p>
        {p.note ? <p className="history-item__note">{p.note}</p> : null}
      </div>
      <p className="history-item__split">
        Principal <Amount value={p.principalPaid} />
        <br />
        Interest <Amount value={p.interestPaid} />
      </p>
      {p.refused ? (
        <p className="history-item__refused" data-testid="payment-refused">
          {REFUSAL_TEXT[p.refused]}
        </p>
      ) : null}
      <div className="history-item__actions">
        <Button variant="ghost" size="sm" icon={<Pencil size={14} />} onClick={onEdit} aria-label={`Edit ${which}`}>
          Edit
        </Button>
        <Button variant="ghost" size="sm" icon={<Trash2 size={14} />} onClick={onDelete} aria-label={`Delete ${which}`}>
          Delete
        </Button>
      </div>
    </li>
  )
}

/** The loan's payments, newest first, each with Edit and Delete; one the server refused says so. */
export function PaymentHistory(props: {
  payments: readonly LoanPaymentDoc[]
  onEdit: (payment: LoanPaymentDoc) => void
  onDelete: (payment: LoanPaymentDoc) => void
}) {
  const newest = [...props.payments].reverse()
  return (
    <Card className="loan-history">
      <h2 className="section-title">Payment history</h2>
      {newest.length === 0 ? (
        <p className="muted">No payments recorded yet.</p>
      ) : (
        <ul className="history-list" data-testid="payment-history">
          {newest.map((p) => (
            <PaymentRow key={p.id} payment={p} onEdit={() => props.onEdit(p)} onDelete={() => props.onDelete(p)} />
          ))}
        </ul>
      )}
    </Card>
  )
}
