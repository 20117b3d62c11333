import { ButtonLink } from '../../components/ui/button'
import type { MissingRates } from '../../data/rate-offer'

/** "10 INR and 2 USD": how many entries of each currency, most first. */
function countsText(byCurrency: Record<string, number>): string {
  const parts = Object.entries(byCurrency)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([code, n]) => `${n} ${code}`)
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`
}

/**
 * After a change of home currency: the entries its totals now leave out (no rate to it), and where
 * to add one. Nothing stored was converted; the edit form offers the daily rate where there is one.
 */
export function MissingRatesNote({ missing, home }: { missing: MissingRates; home: string }) {
  const { count, offered, byCurrency } = missing
  if (count === 0) return null
  const entries = count === 1 ? '1 entry has' : `${count} entries have`
  const offer =
    offered === 0
      ? 'There is no daily rate for them yet: type the rate you know.'
      : offered === count
        ? `The form offers the daily rate for ${count === 1 ? 'it' : 'each'}.`
        : `The form offers the daily rate for ${offered} of them.`
  return (
    <div className="settings-callout settings-callout--warn" role="note" data-testid="missing-rates">
      <p>
        <strong>
          {entries} no rate to {home}
        </strong>{' '}
        ({countsText(byCurrency)}), so your {home} totals leave {count === 1 ? 'it' : 'them'} out until{' '}
        {count === 1 ? 'it has' : 'they have'} one. Nothing stored was converted.
      </p>
      <p>To add a rate, open the entry in Transactions, choose Edit and fill in its rate. {offer}</p>
      <ButtonLink to="/transactions" variant="outline" size="sm">
        Open Transactions
      </ButtonLink>
    </div>
  )
}
