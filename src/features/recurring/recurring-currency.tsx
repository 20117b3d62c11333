import { useState, type FormEvent } from 'react'
import { recurringTotals } from '../../../schema/calc/recurring-totals'
import { formatDueDay } from '../../../schema/calc/recurring-schedule'
import { entryCurrency, parseRate, type HomeCurrency } from '../../../schema/money/currency'
import { formatMoney } from '../../../schema/money/money'
import { TRANSACTION_MESSAGES } from '../../../schema/validation/transaction-input'
import { Amount } from '../../components/ui/amount'
import { Card } from '../../components/ui/card'
import { TextField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import { NotConvertedNote } from '../../components/ui/not-converted'
import type { PaidRate } from '../../../schema/calc/mark-paid'
import type { RecurringDoc } from '../../data/recurring'

/** Due this week and the monthly average of every payment, in the home currency. */
export function RecurringTotals({
  payments,
  now,
  home,
}: {
  payments: RecurringDoc[]
  now: number
  home: HomeCurrency
}) {
  const totals = recurringTotals(payments, now, home)
  return (
    <Card className="recurring-totals" aria-label="Totals">
      <div className="recurring-totals__figures">
        <p className="recurring-totals__figure">
          <span className="recurring-totals__label">Due this week</span>
          <Amount value={totals.dueThisWeek} compact data-testid="recurring-due-week" />
        </p>
        <p className="recurring-totals__figure">
          <span className="recurring-totals__label">Every month</span>
          <Amount value={totals.monthly} compact data-testid="recurring-monthly" />
        </p>
      </div>
      <NotConvertedNote count={totals.notConverted} where="these totals" />
    </Card>
  )
}

/** Whether Mark Paid asks for the rate first: a payment in another currency than the home one. */
export function paidInOtherCurrency(payment: RecurringDoc, home: HomeCurrency): boolean {
  return entryCurrency(payment, home) !== home.currency
}

/** The rate the Mark Paid dialog offers: the payment's own, when it is to the home currency. */
function offeredRate(payment: RecurringDoc, home: string): string {
  return payment.fxHome === home && payment.fxRate != null ? String(payment.fxRate) : ''
}

/**
 * Mark Paid for a payment in another currency: it books exactly the payment's amount in that
 * currency, at the payment's rate or one the user types now (blank: not converted).
 */
export function PaidRateDialog({
  payment,
  home,
  saving,
  onConfirm,
  onCancel,
}: {
  payment: RecurringDoc
  home: HomeCurrency
  /** Until the payment is written: the dialog stays up, its button busy. */
  saving: boolean
  onConfirm: (rate: PaidRate) => void
  onCancel: () => void
}) {
  const [rate, setRate] = useState(() => offeredRate(payment, home.currency))
  const [error, setError] = useState<string | null>(null)
  const code = entryCurrency(payment, home)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const fxRate = rate.trim() === '' ? null : parseRate(rate)
    if (fxRate === null && rate.trim() !== '') return setError(TRANSACTION_MESSAGES.rateInvalid)
    onConfirm({ fxRate, home: home.currency })
  }
  return (
    <Modal open title={`Mark ${payment.name} paid`} onClose={onCancel}>
      <form className="recurring-form" onSubmit={submit} noValidate>
        <p>
          Records an expense of {formatMoney(payment.amount, code, { exact: true })} today; the next due date moves on
          from {formatDueDay(payment.nextDueDate, true)}.
        </p>
        <TextField
          label={`Rate: 1 ${code} in ${home.currency}`}
          name="paid-rate"
          inputMode="decimal"
          placeholder={`${home.currency} for 1 ${code}`}
          value={rate}
          error={error}
          hint={
            rate.trim() === ''
              ? `No rate: saved as not converted, and left out of your ${home.currency} totals until you add one.`
              : undefined
          }
          onChange={(e) => {
            setRate(e.target.value)
            setError(null)
          }}
        />
        <ModalFormActions onCancel={onCancel} submitLabel="Mark Paid" saving={saving} />
      </form>
    </Modal>
  )
}
