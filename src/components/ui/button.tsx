import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Link, type LinkProps } from 'react-router-dom'
import './ui.css'

export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'outline' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

interface StyleProps {
  variant?: ButtonVariant
  /** sm 36 px, md 48 px, lg 56 px high. */
  size?: ButtonSize
  fullWidth?: boolean
  icon?: ReactNode
}

function classes({ variant = 'primary', size = 'md', fullWidth }: StyleProps, extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, fullWidth ? 'btn--full' : '', extra ?? ''].filter(Boolean).join(' ')
}

export type ButtonProps = StyleProps & ButtonHTMLAttributes<HTMLButtonElement>

/** Disabled buttons ignore clicks, show reduced opacity and do not scale (spec part 1 §9). */
export function Button({
  variant,
  size,
  fullWidth,
  icon,
  className,
  children,
  type = 'button',
  disabled,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes({ variant, size, fullWidth }, className)}
      disabled={disabled}
      onClick={disabled ? undefined : onClick}
      {...rest}
    >
      {icon ? (
        <span className="btn__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </button>
  )
}

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, fullWidth, icon, className, children, ...rest }: StyleProps & LinkProps) {
  return (
    <Link className={classes({ variant, size, fullWidth }, className)} {...rest}>
      {icon ? (
        <span className="btn__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </Link>
  )
}
