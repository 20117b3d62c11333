import { X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { TextAreaField } from '../../components/ui/field'
import { Modal } from '../../components/ui/modal'
import { useToast } from '../../components/ui/toast'
import { MAX_NOTE_CHARS } from '../../../schema/validation/rules'

export interface ReasonDialogProps {
  open: boolean
  title: string
  description: string
  /** The button that sends the reason ("Deny", "Decline"); disabled while the reason is blank. */
  actionLabel: string
  /** Shown when the reason is blank (the button is disabled then, so only Enter could get here). */
  reasonRequired: string
  failed: string
  done: string
  onSubmit: (reason: string) => Promise<void>
  onClose: () => void
}

/** A "no, because…" dialog: the reason is required, and the action stays disabled while it is blank. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, title, description, actionLabel, onClose } = props
  const toast = useToast()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  async function submit() {
    if (!reason.trim()) return toast.show(props.reasonRequired, 'error')
    setBusy(true)
    try {
      await props.onSubmit(reason)
      toast.show(props.done)
      setReason('')
      onClose()
    } catch {
      toast.show(props.failed, 'error')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal open={open} title={title} onClose={onClose} description={description}>
      <TextAreaField
        label="Reason"
        value={reason}
        rows={3}
        maxLength={MAX_NOTE_CHARS}
        onChange={(e) => setReason(e.target.value)}
        autoFocus
      />
      <div className="modal__actions">
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" icon={<X size={18} />} disabled={!reason.trim() || busy} onClick={() => void submit()}>
          {actionLabel}
        </Button>
      </div>
    </Modal>
  )
}
