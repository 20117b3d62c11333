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
import { useInsights } from '../../data/planning-hooks'
import { useMoney } from '../../lib/use-money'
import { Card } from '../ui/card'
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

interface Line {
  key: string
  icon: ReactNode
  tone: 'up' | 'down' | 'warn' | 'info'
  text: string
}

function linesOf(i: Insights, currency: string, withoutDue: boolean): Line[] {
  const lines: Line[] = []
  for (const r of i.risks)
    lines.push({
      key: `risk-${r.category}-${r.period}`,
      icon: <AlertTriangle size={16} />,
      tone: 'warn',
      text: describeRisk(r, currency),
    })
  if (!withoutDue)
    for (const d of i.due)
      lines.push({
        key: `due-${d.name}-${d.nextDueDate}`,
        icon: <CalendarClock size={16} />,
        tone: 'info',
        text: describeDue(d, currency),
      })
  for (const c of i.categories)
    lines.push({
      key: `cat-${c.category}`,
      icon: c.percent > 0 ? <TrendingUp size={16} /> : <TrendingDown size={16} />,
      tone: c.percent > 0 ? 'up' : 'down',
      text: describeComparison(c, currency),
    })
  if (i.projection)
    lines.push({
      key: 'projection',
      icon: <Gauge size={16} />,
      tone: 'info',
      text: describeProjection(i.projection, currency),
    })
  return lines
}

/**
 * Insights worked out from the user's own entries on this device (no model, no outside data).
 * Shows 'Not enough data yet' rather than any figure the data does not support.
 */
export function InsightsCard({
  insights,
  loading,
  compact = false,
  limit = 3,
  withoutDue = false,
  masked = false,
}: Props) {
  const { currency } = useMoney()
  const lines = linesOf(insights, currency, withoutDue)
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
                {line.icon}
              </span>
              <span>{line.text}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

/** The home screen's small Insights card (payments due are on its own Due soon card). */
export function HomeInsightsCard({ now, masked }: { now: number; masked: boolean }) {
  const insights = useInsights(now)
  return <InsightsCard insights={insights.data} loading={insights.loading} compact withoutDue masked={masked} />
}
