import type { ReactNode } from 'react'
import { Button, ButtonLink } from '../../components/ui/button'
import { AlertLine } from '../../components/ui/alert-line'

/** A household form's end: its error (the server's text or the spec's fallback), Cancel and the submit button. */
export function FormFooter({
  error,
  cancelTo,
  submitLabel,
  icon,
  busy,
}: {
  error: string | null | undefined
  cancelTo: string
  submitLabel: string
  icon: ReactNode
  busy: boolean
}) {
  return (
    <>
      <AlertLine message={error} className="hh-form__error" />
      <div className="hh-form__actions">
        <ButtonLink to={cancelTo} variant="outline">
          Cancel
        </ButtonLink>
        <Button type="submit" icon={icon} disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  )
}
