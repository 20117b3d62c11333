import { Check } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import {
  HOUSEHOLD_COLORS,
  HOUSEHOLD_ICONS,
  DEFAULT_HOUSEHOLD_CURRENCY,
  REVIEW_PERIODS,
  type HouseholdIcon,
} from '../../../schema/entities/household'
import { CURRENCIES, fromPaise } from '../../../schema/money/money'
import { checkNewHousehold } from '../../../schema/validation/household-input'
import { MAX_NAME_CHARS, MAX_NOTE_CHARS } from '../../../schema/validation/rules'
import { householdError, type HouseholdSettingsInput } from '../../data/households'
import { AmountField, SelectField, TextAreaField, TextField } from '../../components/ui/field'
import { useRecheck } from '../../lib/use-recheck'
import { ICONS, REVIEW_PERIOD_LABELS } from './household-look'

export interface HouseholdDraft {
  name: string
  description: string
  icon: HouseholdIcon
  color: string
  /** As typed, in rupees. */
  budget: string
  reviewPeriodHours: number
  /** What balances add up in. */
  currency: string
}

export type DraftErrors = { name?: string; budget?: string; form?: string }

/**
 * The draft as the server's settings (create and edit alike), or null with the problem that stops
 * it: the server's own check, so the form refuses exactly what the server would.
 */
export function checkDraft(draft: HouseholdDraft): { input: HouseholdSettingsInput | null; errors: DraftErrors } {
  const checked = checkNewHousehold({
    name: draft.name,
    description: draft.description.trim(),
    icon: draft.icon,
    color: draft.color,
    monthly_budget: draft.budget.trim(),
    review_period_hours: draft.reviewPeriodHours,
    currency: draft.currency,
  })
  if (!checked.ok) {
    const where = checked.field === 'name' ? 'name' : checked.field === 'monthly_budget' ? 'budget' : 'form'
    return { input: null, errors: { [where]: checked.error } }
  }
  const { value } = checked
  const input = {
    ...value,
    description: value.description ?? '',
    monthly_budget: fromPaise(value.monthly_budget ?? 0),
    currency: value.currency ?? draft.currency,
  }
  return { input, errors: {} }
}

/**
 * The state and submit of a household settings form (Create and Settings): the draft is checked on
 * submit (and from then on as it changes), `save` runs only on a valid one, and a failed save says
 * why in the server's words or with `failed`.
 */
export function useHouseholdForm(
  initial: () => HouseholdDraft,
  save: (input: HouseholdSettingsInput) => Promise<void>,
  failed: string,
) {
  const [draft, setDraft] = useState(initial)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const check = useRecheck(() => checkDraft(draft))
  const errors: DraftErrors = check.result?.errors ?? {}
  async function submit(event: FormEvent) {
    event.preventDefault()
    const { input } = check.submit()
    if (!input) return
    setFailure(null)
    setBusy(true)
    try {
      await save(input)
    } catch (error) {
      setFailure(householdError(error, failed))
    } finally {
      setBusy(false)
    }
  }
  const change = (patch: Partial<HouseholdDraft>) => setDraft((d) => ({ ...d, ...patch }))
  return { draft, change, errors, error: errors.form ?? failure, busy, submit }
}
export type HouseholdForm = ReturnType<typeof useHouseholdForm>

export const EMPTY_DRAFT: HouseholdDraft = {
  name: '',
  description: '',
  icon: 'home',
  color: HOUSEHOLD_COLORS[0].hex,
  budget: '',
  reviewPeriodHours: 24,
  currency: DEFAULT_HOUSEHOLD_CURRENCY,
}

function IconPicker({ value, onChange }: { value: HouseholdIcon; onChange: (icon: HouseholdIcon) => void }) {
  const label = useId()
  return (
    <div className="field">
      <span className="field__label" id={label}>
        Icon
      </span>
      <div className="hh-picker" role="radiogroup" aria-labelledby={label}>
        {HOUSEHOLD_ICONS.map((icon) => {
          const { icon: Icon, label: name } = ICONS[icon]
          return (
            <button
              key={icon}
              type="button"
              role="radio"
              aria-checked={value === icon}
              aria-label={name}
              className="hh-picker__icon"
              onClick={() => onChange(icon)}
            >
              <Icon size={20} aria-hidden="true" />
            </button>
          )
        })}
      </div>
    </div>
  )
}

function ColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  const label = useId()
  return (
    <div className="field">
      <span className="field__label" id={label}>
        Colour
      </span>
      <div className="hh-picker" role="radiogroup" aria-labelledby={label}>
        {HOUSEHOLD_COLORS.map((c) => (
          <button
            key={c.hex}
            type="button"
            role="radio"
            aria-checked={value === c.hex}
            aria-label={c.name}
            className="hh-picker__color"
            style={{ background: c.hex }}
            onClick={() => onChange(c.hex)}
          >
            {value === c.hex ? <Check size={18} aria-hidden="true" /> : null}
          </button>
        ))}
      </div>
    </div>
  )
}

/** The fields of a household's settings, shared by Create and Settings. */
export function HouseholdFields({ form }: { form: HouseholdForm }) {
  const { draft, change: onChange, errors } = form
  return (
    <>
      <TextField
        label="Household name"
        value={draft.name}
        maxLength={MAX_NAME_CHARS}
        placeholder="e.g. Flat 4B"
        error={errors.name}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <TextAreaField
        label="Description (optional)"
        value={draft.description}
        maxLength={MAX_NOTE_CHARS}
        rows={2}
        onChange={(e) => onChange({ description: e.target.value })}
      />
      <IconPicker value={draft.icon} onChange={(icon) => onChange({ icon })} />
      <ColorPicker value={draft.color} onChange={(color) => onChange({ color })} />
      <AmountField
        label="Monthly budget (optional)"
        value={draft.budget}
        error={errors.budget}
        onChange={(e) => onChange({ budget: e.target.value })}
      />
      <SelectField
        label="Review period"
        value={String(draft.reviewPeriodHours)}
        hint="Expenses nobody denies within this time are approved automatically."
        onChange={(e) => onChange({ reviewPeriodHours: Number(e.target.value) })}
      >
        {REVIEW_PERIODS.map((h) => (
          <option key={h} value={h}>
            {REVIEW_PERIOD_LABELS[h]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Currency"
        value={draft.currency}
        hint={
          'Balances add up in this currency. Changing it converts nothing: entries already made keep ' +
          'their currency and count once someone adds a rate to the new one.'
        }
        onChange={(e) => onChange({ currency: e.target.value })}
      >
        {CURRENCIES.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code} · {c.name}
          </option>
        ))}
      </SelectField>
    </>
  )
}
