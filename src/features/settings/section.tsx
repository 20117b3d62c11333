import { ChevronDown, type LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'

export interface SettingsSectionProps {
  title: string
  /** One line under the title while collapsed (e.g. the current currency). */
  summary?: ReactNode
  icon: LucideIcon
  open: boolean
  onToggle: () => void
  children: ReactNode
}

/** A collapsible section: a heading button with aria-expanded; the body is rendered only while open. */
export function SettingsSection({ title, summary, icon: Icon, open, onToggle, children }: SettingsSectionProps) {
  const id = useId()
  return (
    <section className={`settings-section${open ? ' settings-section--open' : ''}`}>
      <h2 className="settings-section__heading">
        <button
          type="button"
          className="settings-section__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
        >
          <span className="settings-section__icon" aria-hidden="true">
            <Icon size={20} />
          </span>
          <span className="settings-section__titles">
            <span className="settings-section__title" id={`${id}-title`}>
              {title}
            </span>
            {summary ? <span className="settings-section__summary">{summary}</span> : null}
          </span>
          <ChevronDown className="settings-section__chevron" size={20} aria-hidden="true" />
        </button>
      </h2>
      {open ? (
        <div className="settings-section__body" id={`${id}-body`} role="region" aria-labelledby={`${id}-title`}>
          {children}
        </div>
      ) : null}
    </section>
  )
}

/** A status line under a form: role=status so screen readers hear it. */
export function StatusLine({ message }: { message: { text: string; tone: 'ok' | 'error' | 'info' } | null }) {
  if (!message) return null
  return (
    <p className={`settings-status settings-status--${message.tone}`} role="status">
      {message.text}
    </p>
  )
}

export type Status = { text: string; tone: 'ok' | 'error' | 'info' } | null
