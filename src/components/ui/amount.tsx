import { entryCurrency, inHome, moneyEntryOf, type CurrencyFields } from '../../../schema/money/currency'
import { formatMoney, type Paise } from '../../../schema/money/money'
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

export const NOT_CONVERTED = 'not converted'

export interface EntryAmountProps extends Omit<AmountProps, 'value' | 'exact' | 'compact'> {
  /** The entry: its amount in its own currency, the currency (absent: legacy or home) and rate. */
  entry: CurrencyFields & { amount: Paise }
  /** −1 for an expense shown signed, 1 otherwise. */
  sign?: 1 | -1
}

/**
 * An entry's amount: as `Amount` when it is in the home currency; otherwise in its own currency
 * to the cent ("$11.80") with the home-currency figure beside it ("≈ د.إ43"), or "not converted"
 * when it has no rate.
 */
export function EntryAmount({ entry, sign = 1, signed, masked, className, ...rest }: EntryAmountProps) {
  const money = useMoneyFormat()
  const home = { currency: money.currency, legacyCurrency: money.legacyCurrency }
  const code = entryCurrency(entry, home)
  if (code === money.currency || masked)
    return <Amount value={sign * entry.amount} signed={signed} masked={masked} className={className} {...rest} />
  const own = formatMoney(sign * entry.amount, code, { exact: true, signed })
  // A rate counts only toward the home currency it was given for (moneyEntryOf).
  const converted = inHome(moneyEntryOf(entry, home), money.currency)
  const beside = converted === null ? NOT_CONVERTED : `≈ ${money.format(sign * converted, { signed })}`
  const classes = ['amount', 'amount--foreign', className].filter(Boolean).join(' ')
  return (
    <span className={classes} data-currency={code} {...rest}>
      <span className="amount__own">{own}</span>{' '}
      <span className={`amount__home${converted === null ? ' amount__home--missing' : ''}`}>{beside}</span>
    </span>
  )
}
