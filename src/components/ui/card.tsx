import type { HTMLAttributes, KeyboardEvent } from 'react'
import './ui.css'

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  /** none 0, sm 12 px, md 16 px, lg 24 px. */
  padding?: 'none' | 'sm' | 'md' | 'lg'
  variant?: 'normal' | 'elevated'
}

/** Clickable (button role, keyboard) only when an onClick is given. */
export function Card({ padding = 'md', variant = 'normal', className, onClick, children, ...rest }: CardProps) {
  const clickable = Boolean(onClick)
  const onKeyDown = clickable
    ? (event: KeyboardEvent<HTMLDivElement>) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault()
          event.currentTarget.click()
        }
      }
    : undefined
  return (
    <div
      className={[
        'card',
        `card--pad-${padding}`,
        `card--${variant}`,
        clickable ? 'card--clickable' : '',
        className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
      onClick={onClick}
      onKeyDown={onKeyDown}
      role={clickable ? 'button' : undefined}
      tabIndex={clickable ? 0 : undefined}
      {...rest}
    >
      {children}
    </div>
  )
}
