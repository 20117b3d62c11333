import type { Paise } from '../../../schema/money/money'
import { useMoneyFormat } from '../../lib/money-format'
import './ui.css'

export const MASKED_AMOUNT = '••••••'

export interface AmountProps {
  /** Integer paise. */
  value: Paise
  /** + for positive amounts (income), − for negative. */
  signed?: boolean
  /** Keep the paise an amount has (an EMI, a split share, a figure being confirmed); displays leave it off. */
  exact?: boolean
  /** Lakh/crore short form ("₹1.85 L") with the exact figure in the title and accessible name. */
  compact?: boolean
  /** Hide Balance: dots instead of the figure. */
  masked?: boolean
  className?: string
  'data-testid'?: string
}

/**
 * The one way an amount is shown: never split across lines (`.amount` does not wrap) and never
 * silently cut; where space is tight use `compact`, which keeps the exact figure available as
 * the title (hover) and as the text screen readers read.
 */
export function Amount({ value, signed, exact, compact, masked, className, ...rest }: AmountProps) {
  const money = useMoneyFormat()
  const full = money.format(value, { signed, exact })
  const classes = ['amount', exact ? 'amount--exact' : null, className].filter(Boolean).join(' ')
  if (masked) {
    return (
      <span className={classes} role="img" aria-label="Hidden amount" {...rest}>
        {MASKED_AMOUNT}
      </span>
    )
  }
  const text = compact ? money.compact(value, { signed }) : full
  if (text === full)
    return (
      <span className={classes} {...rest}>
        {full}
      </span>
    )
  return (
    <span className={`${classes} amount--compact`} title={full} data-exact={full} {...rest}>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{full}</span>
    </span>
  )
}
