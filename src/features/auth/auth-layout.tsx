import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import '../../components/auth/auth.css'
import { AlertLine } from '../../components/ui/alert-line'

/** The frame of the signed-out screens: brand on top, a card with the form. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle: string
  children: ReactNode
  footer: ReactNode
}) {
  return (
    <main className="auth">
      <div className="auth__panel">
        <div className="auth__brand">
          <img src="/icons/icon.svg" alt="" width={48} height={48} />
          <span>Hisaab</span>
        </div>
        <h1 className="auth__title">{title}</h1>
        <p className="auth__subtitle">{subtitle}</p>
        <div className="auth__card">{children}</div>
        <p className="auth__footer">{footer}</p>
      </div>
    </main>
  )
}

/** The end of a signed-out form: the server's error, if any, and the submit button. */
export function AuthSubmit({
  error,
  submitting,
  label,
  busyLabel,
}: {
  error: string | null
  submitting: boolean
  label: string
  busyLabel: string
}) {
  return (
    <>
      <AlertLine message={error} />
      <Button type="submit" size="lg" fullWidth disabled={submitting}>
        {submitting ? busyLabel : label}
      </Button>
    </>
  )
}
