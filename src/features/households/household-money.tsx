import { useRef, useState, type ReactNode } from 'react'
import { householdCurrencyOf } from '../../../schema/calc/household-money'
import {
  amountText,
  entryCurrency,
  inHome,
  moneyEntryOf,
  parseAmountIn,
  parseRate,
} from '../../../schema/money/currency'
import { formatMoney } from '../../../schema/money/money'
import { TextField } from '../../components/ui/field'
import { CurrencyFields } from '../../components/transaction/currency-fields'
import { lastHouseholdRate, setHouseholdRate, type EntryMoney, type HouseholdDoc } from '../../data/households'
import { MoneyContext, moneyFormat, type MoneyFormat } from '../../lib/money-format'

/** The household's currency and the one its entries without a currency are in. */
export function householdMoney(household: HouseholdDoc) {
  const hc = householdCurrencyOf(household)
  return { currency: hc.currency, legacyCurrency: hc.legacyCurrency ?? undefined }
}

/** Every amount below is drawn in the household currency, whatever the viewer's home currency. */
export function HouseholdMoneyProvider({ household, children }: { household: HouseholdDoc; children: ReactNode }) {
  const { currency, legacyCurrency } = householdMoney(household)
  return <MoneyContext.Provider value={moneyFormat(currency, legacyCurrency)}>{children}</MoneyContext.Provider>
}

type Entry = { amount: number; currency?: string; fxRate?: number | null; fxHome?: string }

/**
 * How an entry in another currency than the household's reads beside its figure: "Paid $20 ·
 * ≈ ₹1,665 at 83.25", or "… · not converted, not in balances"; null for one in the household currency.
 */
export function foreignText(entry: Entry, household: HouseholdDoc, verb = 'Paid'): string | null {
  const hc = householdCurrencyOf(household)
  const code = entryCurrency(entry, hc)
  if (code === hc.currency) return null
  const money = moneyEntryOf(entry, hc)
  const converted = inHome(money, hc.currency)
  const own = `${verb} ${formatMoney(entry.amount, code, { exact: true })}`
  if (converted === null) return `${own} · not converted, not in balances`
  return `${own} · ≈ ${formatMoney(converted, hc.currency, { exact: true })} at ${money.rate}`
}

/**
 * Amounts typed and shown in the inputs in `code`'s own digits ("500" yen, "11.80" dollars, "0.125"
 * dinar), as stored units of it: the amount field and every part of the split editor.
 */
export function editFormatIn(code: string): MoneyFormat {
  return {
    ...moneyFormat(code),
    forEdit: (units) => (units === 0 ? '' : amountText(units, code)),
    fromEdit: (text) => (text.trim() === '' ? null : parseAmountIn(text, code)),
  }
}

/**
 * The currency chosen for an entry and its rate as typed (`initial`: a stored rule's); another
 * currency offers the household's last rate.
 */
export function useEntryCurrency(household: HouseholdDoc, initial?: { currency: string; rate: number | null }) {
  const home = householdMoney(household).currency
  const [currency, setPicked] = useState(initial?.currency ?? home)
  const [rate, setRate] = useState(initial?.rate == null ? '' : String(initial.rate))
  const asking = useRef<string | null>(null)
  const setCurrency = (code: string) => {
    setPicked(code)
    setRate('')
    asking.current = code
    if (code === home) return
    lastHouseholdRate(household.id, code, home)
      .then((last) => {
        if (last !== null && asking.current === code) setRate((typed) => (typed === '' ? String(last) : typed))
      })
      .catch((e: unknown) => console.warn(e))
  }
  // Once the user edits the rate (emptying it too), a last rate still on its way is not put in.
  const typeRate = (text: string) => {
    asking.current = null
    setRate(text)
  }
  const foreign = currency !== home
  const rateValue = !foreign || rate.trim() === '' ? null : parseRate(rate)
  /** The amount typed, in stored units of the chosen currency (null: not a number). */
  const edit = editFormatIn(currency)
  const read = edit.fromEdit
  const rateProblem = foreign && rate.trim() !== '' && rateValue === null
  const money: EntryMoney =
    foreign && rateValue !== null ? { currency, fxRate: rateValue, fxHome: home } : { currency, fxRate: null }
  return { home, currency, rate, setCurrency, setRate: typeRate, foreign, read, edit, rateProblem, money }
}
export type EntryCurrencyChoice = ReturnType<typeof useEntryCurrency>

/** The currency select and, for another currency than the household's, its rate. */
export function EntryCurrencyFields({ choice, rateError }: { choice: EntryCurrencyChoice; rateError: string | null }) {
  return (
    <CurrencyFields
      choice={choice}
      home={choice.home}
      rateError={rateError}
      missingHint="No rate: saved as not converted, and left out of the balances until a rate is added."
    />
  )
}

/** Whether `me` may give an entry its rate: an admin, whoever paid it, whoever entered it (the server's rule). */
export function mayRate(entry: { ownerId: string }, payer: string, household: HouseholdDoc, me: string): boolean {
  const admin = household.members.some((m) => m.userId === me && m.role === 'admin')
  return admin || me === payer || me === entry.ownerId
}

/** A small form that adds (or corrects) the rate of an entry in another currency. */
export function RateEditor(props: {
  collection: 'household_expenses' | 'settlements'
  entry: Entry & { id: string }
  household: HouseholdDoc
}) {
  const { collection, entry, household } = props
  const home = householdMoney(household).currency
  const code = entryCurrency(entry, householdCurrencyOf(household))
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  if (code === home) return null
  if (!open)
    return (
      <button type="button" className="hh-link" onClick={() => setOpen(true)}>
        {entry.fxRate != null && entry.fxHome === home ? 'Change rate' : 'Add rate'}
      </button>
    )
  const save = () => {
    const rate = parseRate(text)
    if (rate === null) return setError('Please enter a valid rate (a number above zero, at most 10 digits)')
    setHouseholdRate(collection, entry.id, rate, home)
      .then(() => setOpen(false))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
  }
  return (
    <div className="hh-rate-edit">
      <TextField
        label={`Rate: 1 ${code} in ${home}`}
        inputMode="decimal"
        value={text}
        error={error}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="button" className="hh-link" onClick={save}>
        Save rate
      </button>
    </div>
  )
}

/** The line under an entry in another currency: both figures and the rate, or that it has none; and Add rate. */
export function ForeignNote(props: {
  collection: 'household_expenses' | 'settlements'
  entry: Entry & { id: string; ownerId: string }
  payer: string
  household: HouseholdDoc
  me: string
}) {
  const { collection, entry, payer, household, me } = props
  const text = foreignText(entry, household)
  if (text === null) return null
  return (
    <div className="hh-expense__meta" data-testid="foreign-note">
      <span>{text}</span>
      {mayRate(entry, payer, household, me) ? (
        <RateEditor collection={collection} entry={entry} household={household} />
      ) : null}
    </div>
  )
}
