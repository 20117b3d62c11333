import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import './ui.css'

interface FieldFrame {
  label: string
  error?: string | null
  hint?: ReactNode
  /** Content placed inside the input row, after the input (e.g. a show/hide toggle). */
  trailing?: ReactNode
}

function Frame({ id, label, error, hint, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {hint ? <div className="field__hint">{hint}</div> : null}
    </div>
  )
}

export function TextField({ label, error, hint, trailing, id, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId()
  const fieldId = id ?? autoId
  return (
    <Frame id={fieldId} label={label} error={error} hint={hint}>
      <div className="field__row">
        <input
          id={fieldId}
          className="field__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          {...input}
        />
        {trailing}
      </div>
    </Frame>
  )
}

export function SelectField({ label, error, hint, id, children, ...select }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId()
  const fieldId = id ?? autoId
  return (
    <Frame id={fieldId} label={label} error={error} hint={hint}>
      <div className="field__row field__row--select">
        <select
          id={fieldId}
          className="field__control field__control--select"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-error` : undefined}
          {...select}
        >
          {children}
        </select>
      </div>
    </Frame>
  )
}

export function TextAreaField({ label, error, hint, id, ...area }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId()
  const fieldId = id ?? autoId
  return (
    <Frame id={fieldId} label={label} error={error} hint={hint}>
      <textarea id={fieldId} className="field__control field__control--area" aria-invalid={error ? true : undefined} {...area} />
    </Frame>
  )
}
