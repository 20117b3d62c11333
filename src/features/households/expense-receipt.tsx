import { Paperclip } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { ReceiptField, ReceiptUploadNote, ReceiptViewer } from '../../components/receipt/receipt-field'
import { useReceiptChange } from '../../components/receipt/use-receipt-change'
import { Button } from '../../components/ui/button'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import { useToast } from '../../components/ui/toast'
import { useAuth } from '../../data/auth-context'
import { setHouseholdReceipt, type HouseholdExpenseDoc } from '../../data/households'

/**
 * A shared expense's receipt on its row: every member may open it; its author and its payer may
 * add, replace or remove it (the server takes this from them only).
 */
export function ExpenseReceipt({ expense, me }: { expense: HouseholdExpenseDoc; me: string }) {
  const { demo } = useAuth()
  const [open, setOpen] = useState<'view' | 'edit' | null>(null)
  const mayChange = !demo && (expense.ownerId === me || expense.paidBy === me)
  if (!expense.receipt && !mayChange) return null
  return (
    <div className="hh-expense__receipt">
      {expense.receipt ? (
        <Button size="sm" variant="outline" onClick={() => setOpen('view')} data-testid="receipt-indicator">
          <Paperclip size={14} aria-hidden="true" /> Receipt
        </Button>
      ) : null}
      {mayChange ? (
        <Button size="sm" variant="ghost" onClick={() => setOpen('edit')}>
          {expense.receipt ? 'Change receipt' : 'Add receipt'}
        </Button>
      ) : null}
      {mayChange ? <ReceiptUploadNote receipt={expense.receipt} /> : null}
      <ReceiptViewer receipt={open === 'view' ? (expense.receipt ?? null) : null} onClose={() => setOpen(null)} />
      {open === 'edit' ? <ChangeReceiptDialog expense={expense} onClose={() => setOpen(null)} /> : null}
    </div>
  )
}

function ChangeReceiptDialog({ expense, onClose }: { expense: HouseholdExpenseDoc; onClose: () => void }) {
  const toast = useToast()
  const photo = useReceiptChange(expense.receipt ?? null, 'household_expenses', expense.id)
  const [saving, setSaving] = useState(false)
  const cancel = () => {
    photo.cancel()
    onClose()
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (saving) return
    if (!photo.changed) return onClose()
    setSaving(true)
    try {
      await setHouseholdReceipt(expense.id, photo.receipt)
      await photo.saved()
      toast.show(photo.receipt ? '✅ Receipt saved' : '🗑️ Receipt removed')
      onClose()
    } catch (error) {
      console.error(error)
      toast.show('❌ Could not save. Please try again.', 'error')
      setSaving(false)
    }
  }
  return (
    <Modal open title="Receipt" onClose={cancel}>
      <form className="hh-form" onSubmit={(e) => void submit(e)} noValidate>
        <ReceiptField value={photo.receipt} onChange={photo.set} />
        <ModalFormActions onCancel={cancel} submitLabel="Save" saving={saving} />
      </form>
    </Modal>
  )
}
