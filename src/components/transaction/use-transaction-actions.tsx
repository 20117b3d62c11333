import { useState, type ReactNode } from 'react'
import { deleteTransaction, type TransactionDoc } from '../../data/transactions'
import { Amount } from '../ui/amount'
import { ConfirmDialog } from '../ui/confirm-dialog'
import { useToast } from '../ui/toast'
import { ReceiptViewer } from '../receipt/receipt-field'
import { EditTransactionDialog } from './edit-transaction-dialog'

export interface TransactionActions {
  edit: (tx: TransactionDoc) => void
  remove: (tx: TransactionDoc) => void
  viewReceipt: (tx: TransactionDoc) => void
  /** The edit dialog and the delete confirmation; render once near the list. */
  dialogs: ReactNode
}

/** Edit and delete for a list of transaction rows: local writes that work offline and sync later. */
export function useTransactionActions(customCategories: readonly string[]): TransactionActions {
  const toast = useToast()
  const [editing, setEditing] = useState<TransactionDoc | null>(null)
  const [deleting, setDeleting] = useState<TransactionDoc | null>(null)
  const [busy, setBusy] = useState(false)
  const [viewing, setViewing] = useState<TransactionDoc | null>(null)

  const confirmDelete = async () => {
    if (!deleting || busy) return
    setBusy(true)
    try {
      await deleteTransaction(deleting.id)
      toast.show(deleting.type === 'expense' ? '🗑️ Expense deleted' : '🗑️ Income deleted')
      setDeleting(null)
    } catch (e) {
      console.error(e)
      toast.show(`Failed to delete: ${e instanceof Error ? e.message : 'Unknown error'}`, 'error')
    } finally {
      setBusy(false)
    }
  }

  const dialogs = (
    <>
      {editing ? (
        <EditTransactionDialog
          key={editing.id}
          tx={editing}
          customCategories={customCategories}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ReceiptViewer receipt={viewing?.receipt ?? null} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this transaction?"
        description={
          deleting ? (
            <p className="tx-delete-summary">
              <span>{deleting.description || deleting.category}</span>
              <Amount value={deleting.type === 'income' ? deleting.amount : -deleting.amount} signed />
            </p>
          ) : null
        }
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  )

  return { edit: setEditing, remove: setDeleting, viewReceipt: setViewing, dialogs }
}
