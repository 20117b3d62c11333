import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { categoryOptions, OTHER_CATEGORY } from '../../../schema/categories'
import type { TransactionType } from '../../../schema/entities/transaction'
import { toDayString } from '../../../schema/time'
import {
  checkTransaction,
  withRateHome,
  type TransactionField,
  type ValidTransaction,
} from '../../../schema/validation/transaction-input'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { PageHeader } from '../../components/ui/page-header'
import { AmountField, ChoiceField, CustomCategoryField, TextField } from '../../components/ui/field'
import { useToast } from '../../components/ui/toast'
import { useProfile } from '../../data/hooks'
import { NoteField } from '../../components/transaction/note-field'
import { addCustomCategory } from '../../data/profile'
import { saveMessageEntry } from '../../data/message-entries'
import { takeSharedMessage } from '../../data/shared-message'
import { addTransaction, type TransactionDoc } from '../../data/transactions'
import { queueReceiptUpload } from '../../data/receipts'
import { ReceiptField } from '../../components/receipt/receipt-field'
import type { Receipt } from '../../../schema/entities/receipt'
import { useRecheck } from '../../lib/use-recheck'
import { useMoneyFormat } from '../../lib/money-format'
import { CurrencyFields, currencyDraft, useCurrencyChoice } from '../../components/transaction/currency-fields'
import { dayAtCurrentTime } from './day-at-current-time'
import { readPasted, rupeesText, type MessageEntry } from './message-reading'
import { PastePanel, type PasteResult } from './paste-panel'
import './transactions.css'

/** Spec part 1 §9: after an add, go home 1 s later (the toast stays 3 s). */
const REDIRECT_MS = 1_000

/** A second line for the success toast about what was saved (e.g. a budget alert), or null. */
type FollowUp = (saved: TransactionDoc) => Promise<string | null>

interface Props {
  type: TransactionType
  followUp?: FollowUp
}

/** The form's fields as typed. */
function useEntryFields() {
  const [amount, setAmount] = useState('')
  const [category, setCategory] = useState('')
  const [custom, setCustom] = useState('')
  const [day, setDay] = useState(() => toDayString(Date.now()))
  const [description, setDescription] = useState('')
  // Fills the fields from a pasted bank message.
  const fill = useCallback((entry: MessageEntry) => {
    setAmount(rupeesText(entry.amount))
    setCategory(entry.category)
    setDay(toDayString(entry.date))
    setDescription(entry.description)
  }, [])
  return { amount, setAmount, category, setCategory, custom, setCustom, day, setDay, description, setDescription, fill }
}

/**
 * A fresh form for every arrival at the add screen: a tap on Add Expense while the previous save
 * is still on screen (its redirect home pending, or home still loading on a slow phone) opens an
 * empty form, not the saved one still waiting, disabled, for its redirect.
 */
export function TransactionForm(props: Props) {
  return <EntryForm key={useLocation().key} {...props} />
}

function EntryForm({ type, followUp }: Props) {
  const isExpense = type === 'expense'
  const profile = useProfile()
  const fields = useEntryFields()
  const { amount, setAmount, category, setCategory, custom, setCustom, day, setDay, description, setDescription } =
    fields
  const saver = useSaveTransaction(type, followUp)
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  const isCustom = isExpense && category === OTHER_CATEGORY
  const customCategories = profile.data?.customCategories ?? []
  const paste = useMessagePaste(type, customCategories, fields.fill)
  const pasted = paste.filled
  const booked = pasted?.prior.state === 'booked'
  const home = useMoneyFormat().currency
  const choice = useCurrencyChoice(home)
  usePastedCurrency(pasted, home, choice.setCurrency)
  const check = useRecheck(() =>
    checkTransaction({
      type,
      ...currencyDraft(amount, choice, home),
      category,
      ...(isCustom ? { customCategory: custom } : {}),
      date: dayAtCurrentTime(day),
      description,
    }),
  )
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (saver.busy || booked) return
    const checked = check.submit()
    // The bank's date and time stay when the day was left as the message gave it.
    const exact = pasted && toDayString(pasted.date) === day ? { date: pasted.date } : {}
    // A receipt goes with the entry whether it was typed or read from a bank message.
    const photo = isExpense ? { receipt } : {}
    if (checked.ok) void saver.save({ ...withRateHome(checked.value, home), ...exact, ...photo }, isCustom, pasted)
  }
  const message = (field: TransactionField) =>
    check.result && !check.result.ok && check.result.field === field ? check.result.error : null

  return (
    <div className="tx-page">
      <AddHeader type={type} />
      <PasteCard type={type} customCategories={customCategories} paste={paste} />
      {/* A list of pasted messages is added from the list; the form is for one entry. */}
      {paste.result.kind === 'many' ? null : (
        <Card padding="lg" variant="elevated">
          <form className="tx-form" onSubmit={onSubmit} noValidate>
            <AmountField
              label="Amount"
              name="amount"
              value={amount}
              error={message('amount')}
              onChange={(e) => setAmount(e.target.value)}
              className="field__control tx-form__amount"
              autoFocus
            />
            <CurrencyFields choice={choice} home={home} rateError={message('fxRate')} />
            <CategorySection
              type={type}
              options={categoryOptions(type, 'add', customCategories, pasted?.category)}
              category={category}
              custom={isCustom ? custom : null}
              message={message}
              onCategory={setCategory}
              onCustom={setCustom}
            />
            <DateAndNoteSection
              day={day}
              description={description}
              dateError={message('date')}
              onDay={setDay}
              onDescription={setDescription}
            />
            {isExpense ? <ReceiptField value={receipt} onChange={setReceipt} /> : null}
            <Button type="submit" size="lg" fullWidth disabled={saver.busy || booked}>
              {isExpense ? 'Add Expense' : 'Add Income'}
            </Button>
          </form>
        </Card>
      )}
    </div>
  )
}

/** A checked entry and, for an expense, its receipt photo. */
type Entry = ValidTransaction & { receipt?: Receipt | null }

/**
 * Saves a checked entry and says so at once; what follows the write (the receipt's upload queue,
 * the custom category joining the user's list, the follow-up line such as a budget alert) comes
 * after the toast and, where it has something to say, replaces it. Then home. `busy` from the
 * first save on.
 */
function useSaveTransaction(type: TransactionType, followUp: FollowUp | undefined) {
  const navigate = useNavigate()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // A form the user has already left (for a new one, say) sends nobody home.
  useEffect(() => () => clearTimeout(redirect.current), [])
  const save = async (value: Entry, isCustom: boolean, pasted: MessageEntry | null) => {
    setBusy(true)
    let saved: TransactionDoc
    try {
      const fromMessage = pasted
        ? { merchant: pasted.merchant, paymentKey: pasted.paymentKey, reverses: pasted.reverses }
        : null
      saved = fromMessage
        ? await saveMessageEntry({ ...value, ...fromMessage }, pasted?.prior.state === 'similar')
        : await addTransaction(value)
    } catch (e) {
      console.error(e)
      toast.show('❌ Could not save. Please try again.', 'error')
      setBusy(false)
      return
    }
    const text = type === 'expense' ? '✅ Expense added successfully!' : '✅ Income added successfully!'
    toast.showNow(text, 'success')
    redirect.current = setTimeout(() => void navigate('/home'), REDIRECT_MS)
    await afterSave(saved, value, isCustom, followUp).then(
      (note) => note && toast.show(`${text}\n${note}`, 'info'),
      (e: unknown) => (console.error(e), toast.show(RECEIPT_NOT_KEPT, 'error')),
    )
  }
  return { busy, save }
}

const RECEIPT_NOT_KEPT = '⚠️ The entry is saved, but its receipt could not be kept on this device. Add it again.'

/** The work that follows a saved entry; resolves to the follow-up line, if any. */
async function afterSave(saved: TransactionDoc, value: Entry, isCustom: boolean, followUp: FollowUp | undefined) {
  if (saved.receipt) await queueReceiptUpload(saved.receipt, 'transactions', saved.id)
  if (isCustom) await addCustomCategory(value.category).catch((e: unknown) => console.warn(e))
  return followUp ? await followUp(saved).catch((e: unknown) => (console.warn(e), null)) : null
}

/**
 * A pasted message's currency (else the home one) chosen once per message that filled the form;
 * choosing another currency offers the user's last rate for it, as picking it by hand does.
 */
function usePastedCurrency(pasted: MessageEntry | null, home: string, setCurrency: (code: string) => void) {
  const applied = useRef<MessageEntry | null>(null)
  useEffect(() => {
    if (!pasted || applied.current === pasted || pasted.prior.state === 'booked') return
    applied.current = pasted
    setCurrency(pasted.currency ?? home)
  })
}

/**
 * The paste box's state: the text, what it was read as, and the entry that filled the form. A
 * message of the other type opens the other add form with the text; one arriving there (or shared
 * from Android, `?shared=1`) is read at once.
 */
function useMessagePaste(
  type: TransactionType,
  customCategories: readonly string[],
  fill: (entry: MessageEntry) => void,
) {
  const navigate = useNavigate()
  const location = useLocation()
  const [params] = useSearchParams()
  const [text, setText] = useState('')
  const [result, setResult] = useState<PasteResult>({ kind: 'none' })
  const [reading, setReading] = useState(false)
  const [filled, setFilled] = useState<MessageEntry | null>(null)
  const categories = useRef(customCategories)
  useEffect(() => {
    categories.current = customCategories
  }, [customCategories])
  const read = useCallback(
    async (message: string, as?: TransactionType) => {
      setReading(true)
      try {
        const { messages, more } = await readPasted(message, categories.current, as)
        const [first] = messages
        if (messages.length === 1 && first?.kind === 'entry' && first.entry.type !== type) {
          void navigate(`/add-${first.entry.type}`, { replace: true, state: { pasted: message, as } })
          return
        }
        setResult(
          !first
            ? { kind: 'none' }
            : messages.length === 1
              ? { kind: 'one', message: first }
              : { kind: 'many', messages, more },
        )
        const entry = messages.length === 1 && first?.kind === 'entry' ? first.entry : null
        setFilled(entry)
        if (entry && entry.prior.state !== 'booked') fill(entry)
      } finally {
        setReading(false)
      }
    },
    [fill, navigate, type],
  )
  const arrived = location.state as { pasted?: unknown; as?: unknown } | null
  const incoming = arrived?.pasted
  const as = arrived?.as === 'expense' || arrived?.as === 'income' ? arrived.as : undefined
  const shared = params.get('shared') === '1'
  // Taken once per arrival: the shared text leaves its cache as it is read.
  const arrival = useRef<{ key: string; message: Promise<string | null> } | null>(null)
  useEffect(() => {
    if (arrival.current?.key !== location.key)
      arrival.current = {
        key: location.key,
        message:
          typeof incoming === 'string'
            ? Promise.resolve(incoming)
            : shared
              ? takeSharedMessage()
              : Promise.resolve(null),
      }
    let cancelled = false
    void arrival.current.message.then((message) => {
      if (cancelled || !message) return
      setText(message)
      return read(message, as)
    })
    return () => {
      cancelled = true
    }
  }, [incoming, as, shared, read, location.key])
  /** The user's word that the message goes the other way: the other add form reads it so. */
  const retype = (other: TransactionType) =>
    void navigate(`/add-${other}`, { replace: true, state: { pasted: text, as: other } })
  const changeText = (next: string) => {
    setText(next)
    if (next.trim()) return
    setResult({ kind: 'none' })
    setFilled(null)
  }
  return { text, setText: changeText, result, reading, filled, read, retype }
}

function PasteCard(props: {
  type: TransactionType
  customCategories: readonly string[]
  paste: ReturnType<typeof useMessagePaste>
}) {
  const { paste } = props
  return (
    <Card padding="lg" variant="elevated">
      <PastePanel
        type={props.type}
        customCategories={props.customCategories}
        text={paste.text}
        result={paste.result}
        reading={paste.reading}
        onText={paste.setText}
        onRead={(text) => void paste.read(text)}
        onRetype={paste.retype}
      />
    </Card>
  )
}

function AddHeader({ type }: { type: TransactionType }) {
  const isExpense = type === 'expense'
  return (
    <PageHeader
      title={isExpense ? 'Add Expense' : 'Add Income'}
      subtitle={`${isExpense ? 'Record money you spent.' : 'Record money you received.'} Works offline.`}
      badge={isExpense ? '💸' : '💰'}
      badgeClassName={`tx-page__badge--${type}`}
    />
  )
}

interface CategorySectionProps {
  type: TransactionType
  options: string[]
  category: string
  /** The custom name typed beside 'Others', or null when 'Others' is not picked. */
  custom: string | null
  message: (field: TransactionField) => string | null
  onCategory: (value: string) => void
  onCustom: (value: string) => void
}

/** The category (or source) select and, for an expense under 'Others', the custom name. */
function CategorySection({ type, options, category, custom, message, onCategory, onCustom }: CategorySectionProps) {
  const isExpense = type === 'expense'
  return (
    <>
      <ChoiceField
        label={isExpense ? 'Category' : 'Source'}
        name="category"
        choices={options}
        placeholder={{ text: isExpense ? 'Select a category' : 'Select a source', disabled: true }}
        value={category}
        error={message('category')}
        onChange={(e) => onCategory(e.target.value)}
      />
      {custom !== null ? (
        <CustomCategoryField value={custom} error={message('customCategory')} onValue={onCustom} />
      ) : null}
    </>
  )
}

interface DateAndNoteProps {
  day: string
  description: string
  dateError: string | null
  onDay: (value: string) => void
  onDescription: (value: string) => void
}

function DateAndNoteSection({ day, description, dateError, onDay, onDescription }: DateAndNoteProps) {
  return (
    <>
      <TextField
        label="Date"
        type="date"
        name="date"
        value={day}
        error={dateError}
        onChange={(e) => onDay(e.target.value)}
      />
      <NoteField value={description} onChange={onDescription} />
    </>
  )
}
