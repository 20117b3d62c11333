import type { ReactNode } from 'react'
import './page-header.css'

/**
 * A screen's title block: an optional badge (coloured by `badgeClassName`), heading, a line under it,
 * then any actions.
 */
export function PageHeader({
  title,
  subtitle,
  badge,
  badgeClassName,
  children,
}: {
  title: string
  subtitle: ReactNode
  badge?: ReactNode
  badgeClassName?: string
  children?: ReactNode
}) {
  return (
    <header className="page-header">
      {badge ? (
        <span
          className={badgeClassName ? `page-header__badge ${badgeClassName}` : 'page-header__badge'}
          aria-hidden="true"
        >
          {badge}
        </span>
      ) : null}
      <div className="page-header__text">
        <h1>{title}</h1>
        <p>{subtitle}</p>
      </div>
      {children}
    </header>
  )
}
