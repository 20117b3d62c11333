import { useState, type ReactNode } from 'react'
import { loanFigures } from '../../../schema/calc/loan-figures'
import { toDayString } from '../../../schema/time'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { useToast } from '../../components/ui/toast'
import { deleteLoanPayment, type LoanDoc, type LoanPaymentDoc } from '../../data/loans'
import { useMoneyFormat } from '../../lib/money-format'
import { formatDay } from './loan-types'
import { RecordPaymentDialog } from './record-payment-dialog'

type Open = { kind: 'record' } | { kind: 'edit'; payment: LoanPaymentDoc } | { kind: 'delete'; payment: LoanPaymentDoc }

export interface PaymentDialogs {
  record: () => void
  edit: (payment: LoanPaymentDoc) => void
  remove: (payment: LoanPaymentDoc) => void
  /** The open dialog, if any (render it once on the screen). */
  dialog: ReactNode
}

/**
 * Record, edit and delete a loan's payments. An edited payment is checked against what the loan
 * owes without it; a deleted one is asked about first. The loan's figures follow from the documents.
 */
export function usePaymentDialogs(loan: LoanDoc | null, payments: readonly LoanPaymentDoc[], now: number) {
  const toast = useToast()
  const money = useMoneyFormat()
  const [open, setOpen] = useState<Open | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const close = () => setOpen(null)
  const saved = (text: string) => {
    close()
    toast.show(text)
  }
  const remove = async (payment: LoanPaymentDoc) => {
    try {
      await deleteLoanPayment(payment.id)
      saved('Payment deleted')
    } catch (e) {
      console.error(e)
      close()
      setFailed('Failed to delete payment')
    }
  }
  let dialog: ReactNode = null
  if (loan && (open?.kind === 'record' || open?.kind === 'edit')) {
    const editing = open.kind === 'edit' ? open.payment : undefined
    const balance = loanFigures(loan, editing ? payments.filter((p) => p.id !== editing.id) : payments).balance
    dialog = (
      <RecordPaymentDialog
        loan={loan}
        balance={balance}
        now={now}
        editing={editing}
        onClose={close}
        onSaved={() => saved(editing ? 'Payment updated' : 'Payment recorded')}
      />
    )
  }
  if (open?.kind === 'delete') {
    const { payment } = open
    dialog = (
      <ConfirmDialog
        open
        title="Delete payment?"
        description={
          `The payment of ${money.format(payment.amount, { exact: true })} on ` +
          `${formatDay(toDayString(payment.date))} will no longer count towards this loan.`
        }
        confirmLabel="Delete"
        onConfirm={() => void remove(payment)}
        onCancel={close}
      />
    )
  }
  const actions: PaymentDialogs = {
    record: () => {
      setFailed(null)
      setOpen({ kind: 'record' })
    },
    edit: (payment) => {
      setFailed(null)
      setOpen({ kind: 'edit', payment })
    },
    remove: (payment) => {
      setFailed(null)
      setOpen({ kind: 'delete', payment })
    },
    dialog,
  }
  return { ...actions, failed }
}
