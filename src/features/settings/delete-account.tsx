import { UserX } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { PasswordField, TextField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import './data-management.css'
import { DELETE_ACCOUNT_FAILED, deleteAccount } from '../../data/account-lifecycle'
import { ApiError, NetworkError } from '../../data/http'
import { AlertLine } from '../../components/ui/alert-line'
import { useRecheck } from '../../lib/use-recheck'

/** Where the app starts again after the account is deleted (the landing page shows a notice). */
export const ACCOUNT_DELETED_URL = '/?account=deleted'

/** What the user types to confirm. */
export const DELETE_CONFIRM_WORD = 'DELETE'

function DeleteAccountForm({ onCancel }: { onCancel: () => void }) {
  const [typed, setTyped] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const check = useRecheck(() => {
    if (typed.trim() !== DELETE_CONFIRM_WORD) return `Type ${DELETE_CONFIRM_WORD} to confirm`
    return password ? null : 'Please enter your password'
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (check.submit() !== null) return
    setBusy(true)
    setError(null)
    try {
      await deleteAccount(password)
      // A fresh start of the app, signed out, on the landing page that says what happened.
      window.location.replace(ACCOUNT_DELETED_URL)
    } catch (e) {
      setBusy(false)
      if (e instanceof NetworkError) setError('Deleting your account needs a connection. Nothing was changed.')
      else if (e instanceof ApiError && e.status !== 401) setError(e.message)
      else setError(DELETE_ACCOUNT_FAILED)
    }
  }

  return (
    <form className="settings-stack" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label={`Type ${DELETE_CONFIRM_WORD} to confirm`}
        autoComplete="off"
        autoCapitalize="characters"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <PasswordField label="Your password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <AlertLine message={check.result ?? error} />
      <ModalFormActions onCancel={onCancel} submitLabel={busy ? 'Deleting...' : 'Delete Account'} saving={busy} />
    </form>
  )
}

/** Delete Account: typed confirmation and the password; the server removes everything first. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false)
  return (
    <div className="settings-stack account-delete">
      <div className="settings-actions">
        <Button variant="danger" icon={<UserX size={18} />} onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </div>
      <Modal
        open={open}
        className="account-delete"
        role="alertdialog"
        title="Delete your account?"
        onClose={() => setOpen(false)}
        description={
          'Your account and all its expenses, income, budgets, payments and tickets are removed from our server ' +
          'and this device. Households you share stay with their other members, with what you paid there. ' +
          'This cannot be undone. Export a backup first if you want to keep anything.'
        }
      >
        <DeleteAccountForm onCancel={() => setOpen(false)} />
      </Modal>
    </div>
  )
}
