import type { ButtonHTMLAttributes, ReactNode } from 'react'
import './ui.css'

/** What a click asks for (spec part 1 §9): the opposite value, or nothing while disabled. */
export function switchClickValue(checked: boolean, disabled: boolean | undefined): boolean | null {
  return disabled ? null : !checked
}

export interface SwitchProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onChange' | 'role' | 'type' | 'children'
> {
  checked: boolean
  onChange: (checked: boolean) => void
  /** Visible label, also the accessible name. Without it, pass `aria-label`. */
  label?: ReactNode
  /** A line under the label. */
  description?: ReactNode
}

/**
 * An on/off switch: role="switch" with aria-checked. With a label the whole row is the control,
 * so the label is a large touch target and the switch's accessible name.
 */
export function Switch({ checked, onChange, label, description, disabled, className, onClick, ...rest }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      className={['switch', label ? 'switch--labelled' : '', checked ? 'switch--on' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      onClick={(event) => {
        onClick?.(event)
        const next = switchClickValue(checked, disabled)
        if (next !== null && !event.defaultPrevented) onChange(next)
      }}
      {...rest}
    >
      {label ? (
        <span className="switch__text">
          <span className="switch__label">{label}</span>
          {description ? <span className="switch__description">{description}</span> : null}
        </span>
      ) : null}
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
    </button>
  )
}
