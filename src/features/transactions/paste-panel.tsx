import { useState } from 'react'
import type { TransactionType } from '../../../schema/entities/transaction'
import { formatMoney } from '../../../schema/money/money'
import { Button } from '../../components/ui/button'
import { TextAreaField } from '../../components/ui/field'
import { addRecurringPayment } from '../../data/recurring'
import { rateOffer } from '../../data/rate-offer'
import { useMoney } from '../../data/use-money'
import {
  describeEntry,
  DOUBT_TEXT,
  NOTICE_TEXT,
  readPasted,
  type MandateOffer,
  type MessageEntry,
  type PastedMessage,
} from './message-reading'
import { PastedList } from './pasted-list'

/** The most characters one paste keeps (fifty long bank messages). */
const MAX_PASTE_CHARS = 20_000

export type PasteResult =
  { kind: 'none' } | { kind: 'one'; message: PastedMessage } | { kind: 'many'; messages: PastedMessage[]; more: number }

interface PanelProps {
  type: TransactionType
  customCategories: readonly string[]
  text: string
  result: PasteResult
  reading: boolean
  onText: (text: string) => void
  onRead: (text: string) => void
  /** The user says the message goes the other way ("it's income"). */
  onRetype: (type: TransactionType) => void
}

/**
 * "Paste a bank message": one message fills the form (the user checks and saves); several become
 * a list to confirm. What the message turned out to be is announced below the box.
 */
export function PastePanel(props: PanelProps) {
  const { type, customCategories, text, result, reading, onText, onRead } = props
  return (
    <div className="paste">
      <TextAreaField
        label="Paste a bank message"
        name="bank-message"
        rows={3}
        maxLength={MAX_PASTE_CHARS}
        placeholder="Paste the bank's SMS or UPI message here (several at once work too)"
        value={text}
        onChange={(e) => onText(e.target.value)}
        onPaste={(e) => {
          const pasted = e.clipboardData.getData('text')
          if (!pasted.trim() || text.trim()) return
          e.preventDefault()
          const next = pasted.slice(0, MAX_PASTE_CHARS)
          onText(next)
          onRead(next)
        }}
      />
      <Button variant="outline" size="sm" disabled={!text.trim() || reading} onClick={() => onRead(text)}>
        {reading ? 'Reading…' : 'Read message'}
      </Button>
      <div className="paste__result" aria-live="polite">
        {result.kind === 'one' ? <OneResult type={type} message={result.message} onRetype={props.onRetype} /> : null}
        {result.kind === 'many' ? (
          <PastedList messages={result.messages} more={result.more} customCategories={customCategories} />
        ) : null}
      </div>
    </div>
  )
}

/** What one pasted message filled in, or why it filled nothing. */
function OneResult(props: {
  type: TransactionType
  message: PastedMessage
  onRetype: (type: TransactionType) => void
}) {
  const { type, message } = props
  if (message.kind === 'unreadable')
    return <p className="paste__note">No payment found in this message. Fill in the form yourself.</p>
  if (message.kind === 'notice') return <NoticeResult notice={message.notice} mandate={message.mandate} />
  return <EntryResult type={type} entry={message.entry} onRetype={props.onRetype} />
}

function EntryResult(props: { type: TransactionType; entry: MessageEntry; onRetype: (type: TransactionType) => void }) {
  const { type, entry } = props
  const { currency } = useMoney()
  if (entry.prior.state === 'booked')
    return (
      <p className="paste__note paste__note--warn" role="status">
        Already booked: {describeEntry({ ...entry, ...entry.prior.entry }, currency)}. Nothing to add.
      </p>
    )
  return (
    <div className="paste__filled">
      <p className="paste__note paste__note--ok">
        Filled in from the message: {describeEntry(entry, currency)}. Check it, then{' '}
        {type === 'expense' ? 'Add Expense' : 'Add Income'}.
      </p>
      <Button variant="ghost" size="sm" onClick={() => props.onRetype(type === 'expense' ? 'income' : 'expense')}>
        {type === 'expense' ? 'Money came in? Add it as income' : 'Money went out? Add it as an expense'}
      </Button>
      {entry.prior.state === 'similar' ? (
        <p className="paste__note paste__note--warn">
          An entry with the same account, amount, day and payee is already booked. Adding this one books a second.
        </p>
      ) : null}
      {entry.doubts.length > 0 ? (
        <div className="paste__note paste__note--warn">
          <strong>Please check:</strong>
          <ul className="paste__doubts" aria-label="Please check">
            {entry.doubts.map((d) => (
              <li key={d}>{DOUBT_TEXT[d]}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

function NoticeResult({ notice, mandate }: { notice: keyof typeof NOTICE_TEXT; mandate: MandateOffer | undefined }) {
  const { currency } = useMoney()
  const [added, setAdded] = useState<'no' | 'busy' | 'yes' | 'failed'>('no')
  const add = async (offer: MandateOffer) => {
    setAdded('busy')
    try {
      // Offered in the currency the message names, at the newer of the user's last rate and the daily one.
      const code = offer.currency ?? currency
      const fxRate = (await rateOffer(code, currency))?.rate ?? null
      await addRecurringPayment({ ...offer, currency: code, fxRate, reminderDays: 3 }, currency)
      setAdded('yes')
    } catch (e) {
      console.error(e)
      setAdded('failed')
    }
  }
  return (
    <div className="paste__filled">
      <p className="paste__note paste__note--warn" role="status">
        Nothing to add. {NOTICE_TEXT[notice]}
      </p>
      {mandate && added !== 'yes' ? (
        <Button size="sm" variant="secondary" disabled={added === 'busy'} onClick={() => void add(mandate)}>
          Add {mandate.name}, {formatMoney(mandate.amount, mandate.currency ?? currency, { exact: true })}{' '}
          {mandate.frequency}, as a recurring payment
        </Button>
      ) : null}
      {added === 'yes' ? <p className="paste__note paste__note--ok">Added to Recurring Payments.</p> : null}
      {added === 'failed' ? <p className="form-error">❌ Could not save. Please try again.</p> : null}
    </div>
  )
}

export { readPasted }
