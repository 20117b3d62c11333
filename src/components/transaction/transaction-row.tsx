import { Paperclip, Pencil, Trash2 } from 'lucide-react'
import { useRef, useState, type CSSProperties, type PointerEvent } from 'react'
import { categoryEmoji } from '../../../schema/categories'
import type { Receipt } from '../../../schema/entities/receipt'
import type { HomeRecentRow } from '../../../schema/home-view'
import type { CurrencyFields } from '../../../schema/money/currency'
import { EntryAmount } from '../ui/amount'
import { formatWhen } from './format-when'
import './transaction.css'

/** Spec part 1 §9: a swipe counts past 80 px. */
export const SWIPE_THRESHOLD_PX = 80
/** Movement before a press becomes a horizontal drag (so taps and vertical scrolls stay what they are). */
const DRAG_SLOP_PX = 8
const MAX_SHIFT_PX = 132

/** The fields a row draws: a transaction document, or a row of the home screen's snapshot. */
type RowTransaction = Pick<HomeRecentRow, 'id' | 'type' | 'amount' | 'category' | 'description' | 'date'> &
  CurrencyFields & {
    receipt?: Receipt | null
  }

interface Props<T extends RowTransaction> {
  tx: T
  now: number
  onEdit: (tx: T) => void
  onDelete: (tx: T) => void
  /** Opens the entry's receipt photo; rows with a receipt show the paperclip when given. */
  onReceipt?: (tx: T) => void
  /** Mask the amount (hide balance). */
  masked?: boolean
  style?: CSSProperties
  className?: string
}

/** Buttons are named after the row, but a 500-character description is not read out in full. */
const ACTION_NAME_CHARS = 40

/** "Edit Lunch" / "Delete Grocery run at the…": short enough to hear, still tied to the row. */
export function rowActionName(action: 'Edit' | 'Delete' | 'View the receipt of', title: string): string {
  const text = title.trim()
  return `${action} ${text.length > ACTION_NAME_CHARS ? `${text.slice(0, ACTION_NAME_CHARS - 1).trimEnd()}…` : text}`
}

interface Drag {
  pointerId: number
  x: number
  y: number
  dragging: boolean
}

/** Pointer-event swipes: past the threshold left deletes, right edits; `shift` follows the finger. */
function useSwipe(onLeft: () => void, onRight: () => void) {
  const drag = useRef<Drag | null>(null)
  const [shift, setShift] = useState(0)

  const end = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const current = drag.current
    if (!current || current.pointerId !== event.pointerId) return
    drag.current = null
    setShift(0)
    if (!current.dragging || cancelled) return
    const dx = event.clientX - current.x
    if (dx < -SWIPE_THRESHOLD_PX) onLeft()
    else if (dx > SWIPE_THRESHOLD_PX) onRight()
  }

  const handlers = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return
      if ((event.target as Element).closest('button')) return
      drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, dragging: false }
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      const current = drag.current
      if (!current || current.pointerId !== event.pointerId) return
      const dx = event.clientX - current.x
      const dy = event.clientY - current.y
      if (!current.dragging) {
        if (Math.abs(dx) < DRAG_SLOP_PX) return
        if (Math.abs(dy) > Math.abs(dx)) {
          drag.current = null // a vertical scroll, not a swipe
          return
        }
        current.dragging = true
        event.currentTarget.setPointerCapture(event.pointerId)
      }
      setShift(Math.max(-MAX_SHIFT_PX, Math.min(MAX_SHIFT_PX, dx)))
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => end(event, false),
    onPointerCancel: (event: PointerEvent<HTMLDivElement>) => end(event, true),
  }
  return { shift, handlers }
}

/** The paperclip of a row with a receipt: opens the photo. */
function ReceiptButton({ title, onClick }: { title: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="tx-row__action tx-row__receipt"
      onClick={onClick}
      aria-label={rowActionName('View the receipt of', title)}
      title="Receipt"
      data-testid="receipt-indicator"
    >
      <Paperclip size={16} aria-hidden="true" />
    </button>
  )
}

/**
 * What a swipe will do, under the row: drawn only while the row moves (a list scrolls faster with
 * one layer a row).
 */
function SwipeHint() {
  return (
    <div className="tx-row__under" aria-hidden="true">
      <span className="tx-row__under-edit">
        <Pencil size={18} /> Edit
      </span>
      <span className="tx-row__under-delete">
        Delete <Trash2 size={18} />
      </span>
    </div>
  )
}

/**
 * One expense or income: emoji, description (or category), category and when, signed amount.
 * Swipe left past 80 px to delete, right to edit (pointer events: touch, pen and mouse drags).
 * The Edit and Delete buttons do the same from a keyboard or a plain click.
 */
export function TransactionRow<T extends RowTransaction>({
  tx,
  now,
  onEdit,
  onDelete,
  onReceipt,
  masked,
  style,
  className,
}: Props<T>) {
  const { shift, handlers } = useSwipe(
    () => onDelete(tx),
    () => onEdit(tx),
  )
  const title = tx.description || tx.category

  const armed = shift > SWIPE_THRESHOLD_PX ? 'edit' : shift < -SWIPE_THRESHOLD_PX ? 'delete' : undefined

  return (
    <div
      className={['tx-row', className].filter(Boolean).join(' ')}
      style={style}
      data-testid="transaction-item"
      data-type={tx.type}
      data-id={tx.id}
      data-armed={armed}
    >
      {shift !== 0 ? <SwipeHint /> : null}
      <div
        className={`tx-row__surface${shift === 0 ? ' tx-row__surface--settled' : ''}`}
        style={{ transform: shift ? `translateX(${shift}px)` : undefined }}
        {...handlers}
      >
        <span className="emoji-tile" aria-hidden="true">
          {categoryEmoji(tx.category, tx.type)}
        </span>
        <span className="tx-row__main">
          <span className="tx-row__title">{title}</span>
          <span className="tx-row__meta">
            {tx.category} · {formatWhen(tx.date, now)}
          </span>
        </span>
        {tx.receipt && onReceipt ? <ReceiptButton title={title} onClick={() => onReceipt(tx)} /> : null}
        <EntryAmount
          entry={tx}
          sign={tx.type === 'income' ? 1 : -1}
          signed
          masked={masked}
          className={`tx-row__amount tx-row__amount--${tx.type}`}
          data-testid="transaction-amount"
        />
        <span className="tx-row__actions">
          <button
            type="button"
            className="tx-row__action"
            onClick={() => onEdit(tx)}
            aria-label={rowActionName('Edit', title)}
            title="Edit"
          >
            <Pencil size={16} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="tx-row__action tx-row__action--delete"
            onClick={() => onDelete(tx)}
            aria-label={rowActionName('Delete', title)}
            title="Delete"
          >
            <Trash2 size={16} aria-hidden="true" />
          </button>
        </span>
      </div>
    </div>
  )
}
