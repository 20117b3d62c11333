import { useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { categoryOptions } from '../../../schema/categories'
import { checkTransaction } from '../../../schema/validation/transaction-input'
import { Button } from '../../components/ui/button'
import { useToast } from '../../components/ui/toast'
import { messageCurrency, saveMessageEntry } from '../../data/message-entries'
import { useMoney } from '../../data/use-money'
import { describeEntry, DOUBT_TEXT, NOTICE_TEXT, type MessageEntry, type PastedMessage } from './message-reading'

/** Spec part 1 §9: after an add, go home 1 s later (the toast stays 3 s). */
const REDIRECT_MS = 1_000

interface Row {
  message: PastedMessage
  /** Picked for adding (entries not already booked). */
  picked: boolean
  category: string
}

function rowsOf(messages: readonly PastedMessage[]): Row[] {
  return messages.map((message) => ({
    message,
    picked: message.kind === 'entry' && message.entry.prior.state === 'new',
    category: message.kind === 'entry' ? message.entry.category : '',
  }))
}

/**
 * Several pasted messages as a list to confirm: each payment with its category (changeable) and
 * a box to leave it out; what is already booked or not a payment says so and is never added.
 */
export function PastedList(props: {
  messages: readonly PastedMessage[]
  more: number
  customCategories: readonly string[]
}) {
  const { currency } = useMoney()
  const [rows, setRows] = useState(() => rowsOf(props.messages))
  const saver = useSaveRows()
  const picked = rows.filter((r) => r.picked && r.message.kind === 'entry')
  const change = (index: number, patch: Partial<Row>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...patch } : row)))
  return (
    <div className="paste-list">
      <p className="paste__note">
        {rows.length} messages{props.more > 0 ? ` (the first ${rows.length}; ${props.more} more were left out)` : ''}.
        Untick any you don&apos;t want, check the categories, then add them.
      </p>
      <ul className="paste-list__rows" aria-label="Pasted messages">
        {rows.map((row, i) => (
          <PastedRow
            key={i}
            row={row}
            currency={currency}
            customCategories={props.customCategories}
            onChange={(patch) => change(i, patch)}
          />
        ))}
      </ul>
      <Button fullWidth disabled={picked.length === 0 || saver.busy} onClick={() => void saver.save(picked)}>
        {picked.length === 1 ? 'Add 1 entry' : `Add ${picked.length} entries`}
      </Button>
    </div>
  )
}

function PastedRow(props: {
  row: Row
  currency: string
  customCategories: readonly string[]
  onChange: (patch: Partial<Row>) => void
}) {
  const { row, currency } = props
  const { message } = row
  if (message.kind !== 'entry')
    return (
      <li className="paste-list__row paste-list__row--skip">
        <span className="paste-list__what">
          {message.kind === 'notice' ? NOTICE_TEXT[message.notice] : 'No payment found in this message.'}
        </span>
        <span className="paste-list__text">{message.text}</span>
      </li>
    )
  const { entry } = message
  const what = describeEntry(entry, currency)
  if (entry.prior.state === 'booked')
    return (
      <li className="paste-list__row paste-list__row--skip">
        <span className="paste-list__what">Already booked: {what}.</span>
      </li>
    )
  return (
    <li className="paste-list__row">
      <label className="paste-list__pick">
        <input type="checkbox" checked={row.picked} onChange={(e) => props.onChange({ picked: e.target.checked })} />
        <span className="paste-list__what">{what}</span>
      </label>
      <select
        className="field__control paste-list__category"
        aria-label={`${entry.type === 'expense' ? 'Category' : 'Source'} of the ${what.toLowerCase()}`}
        value={row.category}
        onChange={(e) => props.onChange({ category: e.target.value })}
      >
        {categoryOptions(entry.type, 'add', props.customCategories, entry.category).map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      <RowNotes entry={entry} />
    </li>
  )
}

function RowNotes({ entry }: { entry: MessageEntry }) {
  const notes = entry.doubts.map((d) => DOUBT_TEXT[d])
  if (entry.prior.state === 'similar') notes.push('One like it (same account, amount, day and payee) is booked.')
  if (notes.length === 0) return null
  return <p className="paste-list__check">Please check: {notes.join(' ')}</p>
}

/**
 * Adds the picked rows, each checked by the add form's rules first: one that breaks a rule stops
 * the whole add with its message, nothing saved. A row saved before a failure is not saved again
 * on the retry. The toast says how many, then home. `busy` from the first save on.
 */
function useSaveRows() {
  const navigate = useNavigate()
  const toast = useToast()
  const home = useMoney().currency
  const [busy, setBusy] = useState(false)
  const saved = useRef(new Set<PastedMessage>())
  const save = async (rows: readonly Row[]) => {
    const entries = rows.flatMap((row) =>
      row.message.kind === 'entry'
        ? [{ message: row.message, entry: { ...row.message.entry, category: row.category } }]
        : [],
    )
    const broken = entries.map(({ entry }) => checkTransaction(entry)).find((c) => !c.ok)
    if (broken && !broken.ok) return toast.show(`⚠️ ${broken.error}`, 'error')
    setBusy(true)
    try {
      for (const { message, entry } of entries) {
        if (saved.current.has(message)) continue
        const { doubts: _doubts, prior, ...content } = entry
        const currency = await messageCurrency(content.currency, home)
        await saveMessageEntry({ ...content, ...currency }, prior.state === 'similar')
        saved.current.add(message)
      }
      toast.show(`✅ ${entries.length === 1 ? '1 entry' : `${entries.length} entries`} added!`, 'success')
      setTimeout(() => void navigate('/home'), REDIRECT_MS)
    } catch (e) {
      console.error(e)
      toast.show('❌ Could not save. Please try again.', 'error')
      setBusy(false)
    }
  }
  return { busy, save }
}
