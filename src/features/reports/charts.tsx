import { niceCeil } from '../../../schema/calc/axis'
import { useElementWidth } from '../../lib/use-element-width'
import { formatPermille, type CategoryShare } from '../../../schema/calc/shares'
import { shortMonthLabel, monthLabel, type TrendBucket } from '../../../schema/calc/report'
import { currencyOf } from '../../../schema/money/money'
import { useMoney } from '../../data/use-money'
import { Amount } from '../../components/ui/amount'
import { TableHead } from '../../components/ui/table-head'

/** The six colours the category breakdown cycles through (spec part 1 §2 Reports). */
export const CATEGORY_COLOURS = ['#10b981', '#3b82f6', '#f59e0b', '#ef4444', '#8b5cf6', '#ec4899'] as const

export const colourAt = (i: number): string => CATEGORY_COLOURS[i % CATEGORY_COLOURS.length]!

const RADIUS = 15.9155 // circumference 100: dash lengths are percentages
const STROKE = 5.2

/**
 * A donut of the categories' shares. Decorative for screen readers: the list beside it carries
 * the same numbers, and the svg's label sums it up.
 */
export function CategoryDonut({ categories, total }: { categories: readonly CategoryShare[]; total: number }) {
  const money = useMoney()
  // Where each segment starts along the ring, in percent.
  const starts = categories.map((_, i) => categories.slice(0, i).reduce((sum, c) => sum + c.permille / 10, 0))
  return (
    <svg
      className="donut"
      viewBox="0 0 42 42"
      role="img"
      aria-label={`Spending by category: ${categories
        .map((c) => `${c.category} ${formatPermille(c.permille)}`)
        .join(', ')}`}
    >
      <circle cx="21" cy="21" r={RADIUS} fill="none" stroke="var(--color-surface-2)" strokeWidth={STROKE} />
      {categories.map((c, i) => {
        const length = c.permille / 10
        return (
          <circle
            key={c.category}
            cx="21"
            cy="21"
            r={RADIUS}
            fill="none"
            stroke={colourAt(i)}
            strokeWidth={STROKE}
            strokeDasharray={`${length} ${100 - length}`}
            strokeDashoffset={25 - (starts[i] ?? 0)}
            data-testid="donut-segment"
          />
        )
      })}
      <text x="21" y="20" textAnchor="middle" className="donut__label">
        Spent
      </text>
      {/* The short form fits the ring; the exact total is in the list beside it. */}
      <text x="21" y="25" textAnchor="middle" className="donut__value">
        {money.compact(total)}
      </text>
    </svg>
  )
}

const narrowMonth = new Intl.DateTimeFormat('en-IN', { month: 'narrow' })
const compactIndian = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 })
const compactThousands = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })

/** Short axis figures: '₹1.2L' for rupees (en-IN), '$120K' for every other currency (en-US). */
function axisMoney(paise: number, currency: string): string {
  const { code, symbol } = currencyOf(currency)
  const format = code === 'INR' ? compactIndian : compactThousands
  return `${symbol}${format.format(Math.round(paise / 100))}`
}

const H = 220
const PAD = { left: 48, right: 6, top: 12, bottom: 28 }

interface Geometry {
  slot: number
  bar: number
  plotH: number
  y: (v: number) => number
}

/** One month: its income and expense bars (with exact figures in their titles) and its label. */
function TrendMonth(props: { bucket: TrendBucket; index: number; selected: boolean; geometry: Geometry }) {
  const { bucket: b, index: i, selected, geometry } = props
  const { slot, bar, plotH, y } = geometry
  const money = useMoney()
  const x = PAD.left + slot * i + slot / 2
  return (
    <g data-testid="trend-month" data-selected={selected || undefined}>
      {selected ? (
        <rect
          x={PAD.left + slot * i + 1}
          y={PAD.top}
          width={slot - 2}
          height={plotH}
          rx={6}
          className="trend__selected"
        />
      ) : null}
      <rect
        x={x - bar - 1}
        y={y(b.income)}
        width={bar}
        height={Math.max(0, y(0) - y(b.income))}
        rx={3}
        className="trend__bar trend__bar--income"
      >
        <title>{`${monthLabel(b)} income ${money.format(b.income)}`}</title>
      </rect>
      <rect
        x={x + 1}
        y={y(b.expenses)}
        width={bar}
        height={Math.max(0, y(0) - y(b.expenses))}
        rx={3}
        className="trend__bar trend__bar--expense"
      >
        <title>{`${monthLabel(b)} expenses ${money.format(b.expenses)}`}</title>
      </rect>
      <text x={x} y={H - 8} textAnchor="middle" className={`trend__month${selected ? ' trend__month--selected' : ''}`}>
        {slot < 30 ? narrowMonth.format(new Date(b.year, b.month, 1)) : shortMonthLabel(b)}
      </text>
    </g>
  )
}

/** Every figure of the chart, for screen readers and anyone who wants the numbers. */
function TrendTable({ buckets }: { buckets: readonly TrendBucket[] }) {
  return (
    <details className="trend__details">
      <summary>Show the figures</summary>
      <table className="trend__table" data-testid="trend-table">
        <TableHead columns={['Month', 'Income', 'Expenses']} />
        <tbody>
          {buckets.map((b) => (
            <tr key={`${b.year}-${b.month}`}>
              <th scope="row">{monthLabel(b)}</th>
              <td>
                <Amount value={b.income} />
              </td>
              <td>
                <Amount value={b.expenses} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}

/**
 * Income and expense bars per month, the selected month highlighted. The svg is labelled as a
 * whole; the table under it (in a disclosure) holds every figure for screen readers and
 * anyone who wants the numbers.
 */
export function TrendChart({ buckets, selected }: { buckets: readonly TrendBucket[]; selected: number }) {
  const [measure, W] = useElementWidth(600)
  const money = useMoney()
  const max = Math.max(0, ...buckets.map((b) => Math.max(b.income, b.expenses)))
  // At least ₹2, so the three ticks read differently.
  const top = niceCeil(max, 200)
  const plotW = W - PAD.left - PAD.right
  const plotH = H - PAD.top - PAD.bottom
  const slot = plotW / Math.max(1, buckets.length)
  const bar = Math.min(16, slot * 0.3)
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH
  const geometry: Geometry = { slot, bar, plotH, y }
  // With nothing recorded an axis of ₹0, ₹1, ₹2 would mean nothing: one zero line and a note instead.
  const ticks = max === 0 ? [0] : [0, top / 2, top]
  const first = buckets[0]
  const last = buckets[buckets.length - 1]
  return (
    <figure className="trend" ref={measure}>
      <svg
        className="trend__svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={
          first && last
            ? `Income and expenses per month, ${monthLabel(first)} to ${monthLabel(last)}; ` +
              'the figures are in the table below.'
            : 'Income and expenses per month'
        }
      >
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="trend__grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="trend__axis">
              {axisMoney(t, money.currency)}
            </text>
          </g>
        ))}
        {max === 0 ? (
          <text x={PAD.left + plotW / 2} y={PAD.top + plotH / 2} textAnchor="middle" className="trend__empty">
            No income or expenses in these 12 months
          </text>
        ) : null}
        {buckets.map((b, i) => (
          <TrendMonth key={`${b.year}-${b.month}`} bucket={b} index={i} selected={i === selected} geometry={geometry} />
        ))}
      </svg>
      <figcaption className="trend__legend">
        <span className="trend__key trend__key--income">Income</span>
        <span className="trend__key trend__key--expense">Expenses</span>
      </figcaption>
      <TrendTable buckets={buckets} />
    </figure>
  )
}
