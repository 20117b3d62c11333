import { useMoneyFormat } from '../../lib/money-format'
import './ui.css'

/**
 * Says how many entries a figure leaves out because they are in another currency with no rate to
 * the home currency: they are never counted 1:1, and the user should know the figure is short.
 */
export function NotConvertedNote(props: { count: number; where: string; className?: string }) {
  const { count, where, className } = props
  const money = useMoneyFormat()
  if (count <= 0) return null
  const entries = count === 1 ? '1 entry in another currency is' : `${count} entries in another currency are`
  return (
    <p className={`not-converted ${className ?? ''}`.trim()} role="note" data-testid="not-converted">
      {entries} not converted to {money.currency} and not counted in {where}: add a rate to count{' '}
      {count === 1 ? 'it' : 'them'}.
    </p>
  )
}
