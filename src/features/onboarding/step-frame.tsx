import type { FormEvent, ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { AlertLine } from '../../components/ui/alert-line'

/** One onboarding step: heading, text, content, and the actions row (Continue, Skip). */
export function StepFrame({
  title,
  lead,
  children,
  onSubmit,
  submitLabel = 'Continue',
  submitting = false,
  secondary,
  error,
}: {
  title: string
  lead?: ReactNode
  children?: ReactNode
  onSubmit?: () => void
  submitLabel?: string
  submitting?: boolean
  secondary?: ReactNode
  error?: string | null
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit?.()
  }
  return (
    <form className="onb-step" onSubmit={submit} noValidate>
      <h1 className="onb-step__title" tabIndex={-1}>
        {title}
      </h1>
      {lead ? <p className="onb-step__lead">{lead}</p> : null}
      {children}
      <AlertLine message={error} />
      {onSubmit || secondary ? (
        <div className="onb-step__actions">
          {onSubmit ? (
            <Button type="submit" size="lg" fullWidth disabled={submitting}>
              {submitLabel}
            </Button>
          ) : null}
          {secondary}
        </div>
      ) : null}
    </form>
  )
}

/** A success screen shown for a moment between steps. */
export function StepSuccess({ title, text }: { title: string; text: string }) {
  return (
    <div className="onb-step onb-success" role="status">
      <div className="onb-success__mark" aria-hidden="true">
        ✓
      </div>
      <h1 className="onb-step__title">{title}</h1>
      <p className="onb-step__lead">{text}</p>
    </div>
  )
}

/** A toggle button that reads as pressed/unpressed to screen readers. */
export function ChoiceChip({
  pressed,
  onToggle,
  children,
}: {
  pressed: boolean
  onToggle: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      className={pressed ? 'onb-chip onb-chip--on' : 'onb-chip'}
      aria-pressed={pressed}
      onClick={onToggle}
    >
      {children}
    </button>
  )
}
