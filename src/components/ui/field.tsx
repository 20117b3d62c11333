import {
  useCallback,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { currencyDigits } from '../../../schema/money/currency'
import './ui.css'

interface FieldFrame {
  label: string
  error?: string | null
  hint?: ReactNode
  /** Content placed inside the input row, after the input (e.g. a show/hide toggle). */
  trailing?: ReactNode
}

/** A counter shows from this share of the limit, so a long paste is never cut without a word. */
const COUNTER_FROM = 0.8
/** Limits below this are formats (a colour, a code) that their own checks describe: no running count. */
const COUNTED_FROM_LIMIT = 50

/**
 * Whether the browser's maxLength just cut something the user typed or pasted: an insertion that
 * would have made the value longer than the limit. Read from the native `beforeinput` (the only
 * moment the whole insertion is known); the next insertion that fits clears it.
 */
function useCutAtLimit(
  max: number | undefined,
): [(el: HTMLInputElement | HTMLTextAreaElement | null) => void, boolean] {
  const [cut, setCut] = useState(false)
  const ref = useCallback(
    (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (!el || !max) return
      const onBeforeInput = (event: Event) => {
        const input = event as InputEvent
        if (!input.inputType.startsWith('insert')) return
        const added =
          input.data ?? input.dataTransfer?.getData('text/plain') ?? (input.inputType === 'insertLineBreak' ? '\n' : '')
        const selected = (el.selectionEnd ?? 0) - (el.selectionStart ?? 0)
        setCut(el.value.length - selected + added.length > max)
      }
      el.addEventListener('beforeinput', onBeforeInput)
      return () => el.removeEventListener('beforeinput', onBeforeInput)
    },
    [max],
  )
  return [ref, cut]
}

/**
 * "450 / 500 characters" near the limit of a long text; "limit reached, anything longer was not
 * kept" only when something was really cut, never for a value that simply fills the field.
 */
function Counter({ id, value, max, cut }: { id: string; value: unknown; max: number | undefined; cut: boolean }) {
  if (!max || typeof value !== 'string') return null
  const full = cut && value.length >= max
  if (!full && (max < COUNTED_FROM_LIMIT || value.length < max * COUNTER_FROM)) return null
  return (
    <p className={`field__counter${full ? ' field__counter--full' : ''}`} id={`${id}-counter`} aria-live="polite">
      {value.length.toLocaleString('en-IN')} / {max.toLocaleString('en-IN')} characters
      {full ? ' · limit reached, anything longer was not kept' : ''}
    </p>
  )
}

function Frame({
  id,
  label,
  error,
  hint,
  counter,
  children,
}: FieldFrame & { id: string; counter?: ReactNode; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {counter}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {hint ? <div className="field__hint">{hint}</div> : null}
    </div>
  )
}

/** The control's id (given or generated) and its accessible error state, shared by every field. */
function useControl(id: string | undefined, error: string | null | undefined) {
  const autoId = useId()
  const fieldId = id ?? autoId
  const control = {
    id: fieldId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${fieldId}-error` : undefined,
  }
  return { fieldId, control }
}

export function TextField({
  label,
  error,
  hint,
  trailing,
  id,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const { fieldId, control } = useControl(id, error)
  const [cutRef, cut] = useCutAtLimit(input.maxLength)
  return (
    <Frame
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      counter={<Counter id={fieldId} value={input.value} max={input.maxLength} cut={cut} />}
    >
      <div className="field__row">
        <input className="field__control" ref={cutRef} {...control} {...input} />
        {trailing}
      </div>
    </Frame>
  )
}

export function SelectField({
  label,
  error,
  hint,
  id,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const { fieldId, control } = useControl(id, error)
  return (
    <Frame id={fieldId} label={label} error={error} hint={hint}>
      <div className="field__row field__row--select">
        <select className="field__control field__control--select" {...control} {...select}>
          {children}
        </select>
      </div>
    </Frame>
  )
}

export function TextAreaField({
  label,
  error,
  hint,
  id,
  ...area
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { fieldId, control } = useControl(id, error)
  const [cutRef, cut] = useCutAtLimit(area.maxLength)
  return (
    <Frame
      id={fieldId}
      label={label}
      error={error}
      hint={hint}
      counter={<Counter id={fieldId} value={area.value} max={area.maxLength} cut={cut} />}
    >
      <textarea className="field__control field__control--area" ref={cutRef} {...control} {...area} />
    </Frame>
  )
}

interface ChoiceProps<T extends string> {
  choices: readonly T[]
  labelOf?: (choice: T) => string
  /** A first, empty option; `disabled` once a choice is required. */
  placeholder?: { text: string; disabled?: boolean }
}

/** A select over a list of strings (categories, periods, frequencies). */
export function ChoiceField<T extends string>({
  choices,
  labelOf,
  placeholder,
  ...select
}: ChoiceProps<T> & FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'>) {
  return (
    <SelectField {...select}>
      {placeholder ? (
        <option value="" disabled={placeholder.disabled}>
          {placeholder.text}
        </option>
      ) : null}
      {choices.map((c) => (
        <option key={c} value={c}>
          {labelOf ? labelOf(c) : c}
        </option>
      ))}
    </SelectField>
  )
}

/** A money amount in rupees with two decimals; props given override the defaults. */
/**
 * An amount input; with `currency`, its step and placeholder follow that currency's own digits
 * (whole yen: "0", step 1; three for a dinar: "0.000"), else two decimals.
 */
export function AmountField({
  currency,
  ...props
}: FieldFrame & InputHTMLAttributes<HTMLInputElement> & { currency?: string }) {
  const digits = currency === undefined ? 2 : currencyDigits(currency)
  const step = digits === 0 ? '1' : `0.${'1'.padStart(digits, '0')}`
  const placeholder = digits === 0 ? '0' : `0.${'0'.repeat(digits)}`
  return (
    <TextField
      type="number"
      inputMode={digits === 0 ? 'numeric' : 'decimal'}
      step={step}
      min="0"
      placeholder={placeholder}
      {...props}
    />
  )
}

/** The name typed beside 'Others' in the category select; the forms save it to the user's categories. */
export function CustomCategoryField({
  value,
  error,
  onValue,
}: {
  value: string
  error: string | null
  onValue: (value: string) => void
}) {
  return (
    <TextField
      label="Custom Category"
      name="custom-category"
      maxLength={60}
      placeholder="e.g. Pets"
      value={value}
      error={error}
      onChange={(e) => onValue(e.target.value)}
      hint="Saved to your categories for next time."
    />
  )
}

/** A password input; `autoComplete` tells password managers whether it is the current password or a new one. */
export function PasswordField({
  autoComplete = 'current-password',
  ...props
}: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <TextField type="password" autoComplete={autoComplete} {...props} />
}
