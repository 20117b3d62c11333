import { AlertTriangle, CalendarClock, Gauge, TrendingDown, TrendingUp } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import {
  describeComparison,
  describeDue,
  describeProjection,
  describeRisk,
  type Insights,
} from '../../../schema/calc/insights'
import { useMoneyFormat } from '../../lib/money-format'
import type { HomeInsightLine } from '../../../schema/home-view'
import type { HomeCurrency } from '../../../schema/money/currency'
import { Card } from '../ui/card'
import { NotConvertedNote } from '../ui/not-converted'
import './insights.css'

interface Props {
  insights: Insights
  loading: boolean
  /** The home screen's small card: at most `limit` lines and a link to /reports. */
  compact?: boolean
  limit?: number
  /** Leave out the payments due this week (the home screen has its own Due soon card). */
  withoutDue?: boolean
  /** The home screen's hidden balance: no amounts shown. */
  masked?: boolean
}

const ICONS: Record<HomeInsightLine['icon'], ReactNode> = {
  risk: <AlertTriangle size={16} />,
  due: <CalendarClock size={16} />,
  up: <TrendingUp size={16} />,
  down: <TrendingDown size={16} />,
  projection: <Gauge size={16} />,
}

/** The insights as lines of text, in the order the card lists them. */
export function insightLines(i: Insights, home: HomeCurrency, withoutDue: boolean): HomeInsightLine[] {
  const { currency } = home
  const lines: HomeInsightLine[] = []
  for (const r of i.risks)
    lines.push({ key: `risk-${r.category}-${r.period}`, icon: 'risk', tone: 'warn', text: describeRisk(r, currency) })
  if (!withoutDue)
    for (const d of i.due)
      lines.push({ key: `due-${d.name}-${d.nextDueDate}`, icon: 'due', tone: 'info', text: describeDue(d, home) })
  for (const c of i.categories)
    lines.push({
      key: `cat-${c.category}`,
      icon: c.percent > 0 ? 'up' : 'down',
      tone: c.percent > 0 ? 'up' : 'down',
      text: describeComparison(c, currency),
    })
  if (i.projection)
    lines.push({
      key: 'projection',
      icon: 'projection',
      tone: 'info',
      text: describeProjection(i.projection, currency),
    })
  return lines
}

/**
 * Insights worked out from the user's own entries on this device (no model, no outside data).
 * Shows 'Not enough data yet' rather than any figure the data does not support.
 */
export function InsightsCard({ insights, withoutDue = false, ...rest }: Props) {
  const money = useMoneyFormat()
  // The home screen's card sits under the month's own not-converted line; the full card says it.
  const notConverted = rest.compact ? 0 : insights.notConverted
  return <InsightsCardView lines={insightLines(insights, money, withoutDue)} notConverted={notConverted} {...rest} />
}

/** The card itself, from lines already worked out (the home screen's snapshot keeps its lines). */
export function InsightsCardView({
  lines,
  loading,
  compact = false,
  limit = 3,
  masked = false,
  notConverted = 0,
}: Omit<Props, 'insights' | 'withoutDue'> & { lines: readonly HomeInsightLine[]; notConverted?: number }) {
  const shown = compact ? lines.slice(0, limit) : lines
  return (
    <Card
      padding="none"
      variant="elevated"
      className="insights"
      role="region"
      aria-labelledby="insights-title"
      data-testid="insights"
    >
      <div className="insights__header">
        <h2 className="insights__title" id="insights-title">
          Insights
        </h2>
        {compact ? (
          <Link to="/reports" className="insights__link">
            See reports
          </Link>
        ) : null}
      </div>
      <p className="insights__note">Worked out from your own entries on this device.</p>
      <NotConvertedNote count={notConverted} where="these insights" className="insights__note" />
      {loading ? null : masked && lines.length > 0 ? (
        <p className="insights__empty">Hidden while your balance is hidden.</p>
      ) : lines.length === 0 ? (
        <p className="insights__empty" data-testid="insights-empty">
          Not enough data yet. Add a few expenses and insights will appear here.
        </p>
      ) : (
        <ul className="insights__list">
          {shown.map((line) => (
            <li key={line.key} className={`insights__item insights__item--${line.tone}`} data-testid="insight">
              <span className="insights__icon" aria-hidden="true">
                {ICONS[line.icon]}
              </span>
              <span>{line.text}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
