import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react'
import './ui.css'

export interface SheetProps {
  open: boolean
  /** Called for Esc, a click on the backdrop, or any close control inside; the parent owns `open`. */
  onClose: () => void
  /** The dialog's accessible name, shown as its heading. */
  title: string
  description?: string
  children: ReactNode
  className?: string
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ')

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.getClientRects().length > 0)
}

/**
 * A modal bottom sheet: a native modal <dialog> (the page behind is inert), focus kept inside
 * (Tab wraps), Esc and a backdrop click ask to close, and focus returns to where it was.
 */
export function Sheet({ open, ...props }: SheetProps) {
  return open ? <OpenSheet {...props} /> : null
}

function OpenSheet({ onClose, title, description, children, className }: Omit<SheetProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    document.documentElement.classList.add('sheet-open')
    return () => {
      if (dialog.open) dialog.close()
      document.documentElement.classList.remove('sheet-open')
      if (previous?.isConnected) previous.focus()
    }
  }, [])

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    // Esc: the parent decides (it owns `open`); the browser must not close the dialog behind React's back.
    event.preventDefault()
    onClose()
  }

  // A click on the ::backdrop targets the <dialog> itself; the visible panel is its child.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return
    const items = focusables(event.currentTarget)
    const first = items[0]
    const last = items[items.length - 1]
    if (!first || !last) {
      event.preventDefault()
      return
    }
    const active = document.activeElement
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      className={['sheet', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={onCancel}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <div className="sheet__panel">
        <span className="sheet__handle" aria-hidden="true" />
        <h2 className="sheet__title" id={titleId}>
          {title}
        </h2>
        {description ? (
          <p className="sheet__description" id={descriptionId}>
            {description}
          </p>
        ) : null}
        <div className="sheet__body">{children}</div>
      </div>
    </dialog>
  )
}
