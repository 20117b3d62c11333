import { niceCeil } from '../../../schema/calc/axis'
import { useElementWidth } from '../../lib/use-element-width'
import { useMoney } from '../../data/use-money'

export interface ChartSeries {
  name: string
  /** One value (paise) per month, from month 0. */
  values: readonly number[]
  /** CSS class modifier for the line colour: 1, 2 or 3. */
  tone: 1 | 2 | 3
  dashed?: boolean
}

const H = 220
const PAD = { left: 56, right: 10, top: 12, bottom: 28 }

/**
 * Balances over months as lines (hand-written SVG). The svg carries a summary label; the table
 * beside it on the screen holds the same figures for screen readers and anyone who wants numbers.
 */
export function BalanceChart({ series, label }: { series: readonly ChartSeries[]; label: string }) {
  const money = useMoney()
  const [measure, W] = useElementWidth(600)
  const months = Math.max(1, ...series.map((s) => s.values.length - 1))
  const top = niceCeil(Math.max(0, ...series.flatMap((s) => s.values)))
  const plotW = W - PAD.left - PAD.right
  const plotH = H - PAD.top - PAD.bottom
  const x = (m: number) => PAD.left + (m / months) * plotW
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH
  const yearStep = Math.max(1, Math.ceil(months / 12 / 6))
  const yearTicks = Array.from({ length: Math.floor(months / (12 * yearStep)) + 1 }, (_, i) => i * 12 * yearStep)
  const ticks = months < 12 ? [0, months] : yearTicks
  return (
    <figure className="debt-chart" ref={measure}>
      <svg className="debt-chart__svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        {[0, top / 2, top].map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="debt-chart__grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="debt-chart__axis">
              {money.compact(t)}
            </text>
          </g>
        ))}
        {ticks.map((m) => (
          <text key={m} x={x(m)} y={H - 8} textAnchor="middle" className="debt-chart__axis">
            {months < 12 ? `${m} mo` : `${m / 12} yr`}
          </text>
        ))}
        {series.map((s) => (
          <polyline
            key={s.name}
            className={`debt-chart__line debt-chart__line--${s.tone}${s.dashed ? ' debt-chart__line--dashed' : ''}`}
            points={s.values.map((v, m) => `${x(m).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="debt-chart__legend">
        {series.map((s) => (
          <span key={s.name} className={`debt-chart__key debt-chart__key--${s.tone}`}>
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  )
}
