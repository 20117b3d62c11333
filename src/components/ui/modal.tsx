import { X } from 'lucide-react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from './button'
import './modal.css'

export interface ModalProps {
  open: boolean
  title: string
  /** Called on Escape, on the close button and on a click on the backdrop. */
  onClose: () => void
  children: ReactNode
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog'
  /** Extra text read out with the title. */
  description?: ReactNode
  className?: string
}

/**
 * A modal on the native <dialog> (showModal): the browser traps focus, makes the page behind
 * inert, closes on Escape and returns focus to what opened it.
 */
export function Modal({ open, title, onClose, children, role = 'dialog', description, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // Escape: keep React in charge of open/closed.
    const onCancel = (event: Event) => {
      event.preventDefault()
      onCloseRef.current()
    }
    dialog.addEventListener('cancel', onCancel)
    return () => dialog.removeEventListener('cancel', onCancel)
  }, [])

  return (
    <dialog
      ref={ref}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={['modal', className].filter(Boolean).join(' ')}
      onClick={(event) => {
        // A click on the ::backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      {open ? (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
            <button type="button" className="modal__close" onClick={onClose} aria-label="Close">
              <X size={20} aria-hidden="true" />
            </button>
          </header>
          {description ? (
            <div className="modal__description" id={descriptionId}>
              {description}
            </div>
          ) : null}
          {children}
        </div>
      ) : null}
    </dialog>
  )
}

/** Cancel and submit for a form in a modal; submit is disabled while saving. */
export function ModalFormActions({
  onCancel,
  submitLabel,
  saving,
}: {
  onCancel: () => void
  submitLabel: string
  saving: boolean
}) {
  return (
    <div className="modal__actions">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {submitLabel}
      </Button>
    </div>
  )
}
