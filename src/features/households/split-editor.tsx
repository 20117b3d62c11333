import { RotateCcw } from 'lucide-react'
import {
  formatBasisPoints,
  percentOf,
  splitAmounts,
  WHOLE_BP,
  type SplitInput,
  type SplitPart,
} from '../../../schema/calc/splits'
import { SPLIT_METHODS, type SplitMethod } from '../../../schema/entities/household'
import type { Paise } from '../../../schema/money/money'
import { Amount } from '../../components/ui/amount'
import { Button } from '../../components/ui/button'
import type { HouseholdDoc } from '../../data/households'
import { currencyDigits } from '../../../schema/money/currency'
import { MoneyContext, useMoneyFormat, type MoneyFormat } from '../../lib/money-format'
import { AlertLine } from '../../components/ui/alert-line'

export interface SplitRow {
  amount: string
  percent: string
  shares: string
}
export interface SplitState {
  method: SplitMethod
  rows: Record<string, SplitRow>
}

const METHOD_LABELS: Record<SplitMethod, string> = {
  equal: 'Equal',
  exact: 'Exact',
  percentage: 'Percentage',
  shares: 'Shares',
}

/** Equal parts of `total` (whole units of its currency, remainders spread), as every method's starting values. */
export function equalSplit(memberIds: readonly string[], total: Paise, money: MoneyFormat): SplitState {
  const parts = splitAmounts(
    'equal',
    total,
    memberIds.map((userId) => ({ userId })),
    money.currency,
  )
  const bps = splitAmounts(
    'equal',
    WHOLE_BP,
    memberIds.map((userId) => ({ userId })),
  )
  const rows: Record<string, SplitRow> = {}
  parts.forEach((p, i) => {
    rows[p.userId] = { amount: money.forEdit(p.amount), percent: formatBasisPoints(bps[i]!.amount), shares: '1' }
  })
  return { method: 'equal', rows }
}

/** The parts a split state gives for `total`. */
export function splitParts(
  state: SplitState,
  memberIds: readonly string[],
  total: Paise,
  money: MoneyFormat,
): SplitPart[] {
  const inputs: SplitInput[] = memberIds.map((userId) => {
    const row = state.rows[userId] ?? { amount: '', percent: '', shares: '' }
    const percent = Number(row.percent)
    const shares = Number(row.shares)
    return {
      userId,
      amount: money.fromEdit(row.amount) ?? 0,
      weight:
        state.method === 'percentage'
          ? Number.isFinite(percent)
            ? Math.round(percent * 100)
            : 0
          : Number.isInteger(shares) && shares > 0
            ? shares
            : 0,
    }
  })
  // Parts in whole units of the entry's currency (whole yen), as the editor's format reads them.
  return splitAmounts(state.method, total, inputs, money.currency)
}

/** The step of an input in a currency with `digits` decimals: "1" for the yen, "0.001" for a dinar. */
function stepOf(digits: number): string {
  return digits === 0 ? '1' : `0.${'1'.padStart(digits, '0')}`
}

function RowInput({
  method,
  row,
  name,
  onChange,
}: {
  method: SplitMethod
  row: SplitRow
  name: string
  onChange: (patch: Partial<SplitRow>) => void
}) {
  // An exact part is typed in the entry's currency's own digits (the editor provides it).
  const digits = currencyDigits(useMoneyFormat().currency)
  if (method === 'equal') return null
  const field = method === 'exact' ? 'amount' : method === 'percentage' ? 'percent' : 'shares'
  const label =
    method === 'exact'
      ? `Amount for ${name}`
      : method === 'percentage'
        ? `Percentage for ${name}`
        : `Shares for ${name}`
  return (
    <input
      className="field__control hh-split__input"
      type="number"
      inputMode={method === 'shares' || (method === 'exact' && digits === 0) ? 'numeric' : 'decimal'}
      min="0"
      step={method === 'shares' ? '1' : method === 'exact' ? stepOf(digits) : '0.01'}
      aria-label={label}
      value={row[field]}
      onChange={(e) => onChange({ [field]: e.target.value })}
    />
  )
}

function MethodSwitch({ method, onSwitch }: { method: SplitMethod; onSwitch: (method: SplitMethod) => void }) {
  return (
    <div className="hh-segments" role="radiogroup" aria-label="Split method">
      {SPLIT_METHODS.map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={method === m}
          className="hh-segments__item"
          onClick={() => onSwitch(m)}
        >
          {METHOD_LABELS[m]}
        </button>
      ))}
    </div>
  )
}

/** One member's line: name, the method's input, and the part as money and percent of the total. */
function SplitRowItem({
  name,
  method,
  row,
  part,
  total,
  onPatch,
}: {
  name: string
  method: SplitMethod
  row: SplitRow
  part: Paise
  total: Paise
  onPatch: (patch: Partial<SplitRow>) => void
}) {
  return (
    <li className="hh-split__row" data-testid="split-row">
      <span className="hh-split__name">{name}</span>
      <RowInput method={method} row={row} name={name} onChange={onPatch} />
      <span className="hh-split__figures">
        <Amount value={part} exact />
        <span className="hh-muted" data-testid="split-percent">
          {formatBasisPoints(percentOf(total, part))}%
        </span>
      </span>
    </li>
  )
}

/** Who owes what: equal by default; exact amounts, percentages or shares; Reset to Equal. */
export function SplitEditor({
  household,
  total,
  state,
  onChange,
  mismatch,
  money,
}: {
  household: HouseholdDoc
  total: Paise
  state: SplitState
  onChange: (next: SplitState) => void
  mismatch: string | null
  /** The entry's currency: the parts are typed and shown in its digits. */
  money: MoneyFormat
}) {
  const parts = splitParts(state, household.memberIds, total, money)
  const switchTo = (method: SplitMethod) => {
    // Start the new method from the current parts, so switching never loses the figures.
    const rows = { ...state.rows }
    for (const p of parts)
      rows[p.userId] = {
        ...rows[p.userId]!,
        amount: money.forEdit(p.amount),
        percent: formatBasisPoints(percentOf(total, p.amount)),
      }
    onChange({ method, rows })
  }
  return (
    <MoneyContext.Provider value={money}>
      <fieldset className="hh-split">
        <legend className="field__label">Split</legend>
        <MethodSwitch method={state.method} onSwitch={switchTo} />
        <ul className="hh-split__rows">
          {household.members.map((m, i) => (
            <SplitRowItem
              key={m.userId}
              name={m.name}
              method={state.method}
              row={state.rows[m.userId] ?? { amount: '', percent: '', shares: '' }}
              part={parts[i]?.amount ?? 0}
              total={total}
              onPatch={(patch) =>
                onChange({ ...state, rows: { ...state.rows, [m.userId]: { ...state.rows[m.userId]!, ...patch } } })
              }
            />
          ))}
        </ul>
        <AlertLine message={mismatch} className="field__error" />
        <Button
          variant="ghost"
          size="sm"
          icon={<RotateCcw size={16} />}
          onClick={() => onChange(equalSplit(household.memberIds, total, money))}
        >
          Reset to Equal
        </Button>
      </fieldset>
    </MoneyContext.Provider>
  )
}
