import type { ReactNode } from 'react'
import './auth.css'

/** The frame of the signed-out screens: brand on top, a card with the form. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
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
