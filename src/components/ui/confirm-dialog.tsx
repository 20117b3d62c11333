import type { ReactNode } from 'react'
import { Button } from './button'
import { Modal } from './modal'

export interface ConfirmDialogProps {
  open: boolean
  /** The question, e.g. 'Delete this transaction?'. */
  title: string
  description?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  tone?: 'danger' | 'primary'
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A yes/no question in an alert dialog; Cancel gets the initial focus so Enter never destroys by accident. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'danger',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} title={title} description={description} onClose={onCancel} role="alertdialog">
      <div className="modal__actions">
        <Button variant="outline" onClick={onCancel} autoFocus>
          {cancelLabel}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  )
}
