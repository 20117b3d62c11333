import type { MonthlyPnl } from '../../../schema/calc/pnl'
import { Amount } from '../../components/ui/amount'
import { TableHead } from '../../components/ui/table-head'

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit' })

function monthLabel(key: string): string {
  const [y, m] = key.split('-').map(Number)
  return MONTH.format(new Date(y!, m! - 1, 1))
}

/**
 * Monthly profit as bars above (profit) or below (loss) a zero line, with a table of the same
 * figures for screen readers and exact values.
 */
export function ProfitChart({ rows }: { rows: readonly MonthlyPnl[] }) {
  const peak = Math.max(1, ...rows.map((r) => Math.abs(r.profit)))
  const hasLoss = rows.some((r) => r.profit < 0)
  const hasProfit = rows.some((r) => r.profit > 0)
  const top = hasLoss && hasProfit ? 50 : hasLoss ? 0 : 100
  return (
    <section className="admin-card" aria-labelledby="profit-chart-title">
      <h2 id="profit-chart-title">Monthly Profit</h2>
      <div className="profit-chart" aria-hidden="true">
        {rows.map((r) => {
          const size = (Math.abs(r.profit) / peak) * (hasLoss && hasProfit ? 50 : 100)
          const style =
            r.profit >= 0 ? { bottom: `${100 - top}%`, height: `${size}%` } : { top: `${top}%`, height: `${size}%` }
          return (
            <div key={r.month} className="profit-chart__col">
              <div className="profit-chart__plot">
                <span className="profit-chart__zero" style={{ top: `${top}%` }} />
                <span className={`profit-chart__bar${r.profit < 0 ? ' profit-chart__bar--loss' : ''}`} style={style} />
              </div>
              <span className="profit-chart__label">{monthLabel(r.month)}</span>
            </div>
          )
        })}
      </div>
      <table className="admin-table admin-table--compact">
        <caption className="admin-muted">Revenue, expenses and profit by month</caption>
        <TableHead columns={['Month', 'Revenue', 'Expenses', 'Profit']} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.month}>
              <th scope="row" data-label="Month">
                {monthLabel(r.month)}
              </th>
              <td data-label="Revenue">
                <Amount value={r.revenue} />
              </td>
              <td data-label="Expenses">
                <Amount value={r.expenses} />
              </td>
              <td data-label="Profit" className={r.profit < 0 ? 'admin-loss' : 'admin-profit'}>
                <Amount value={r.profit} signed />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
