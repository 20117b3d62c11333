import { CalendarClock } from 'lucide-react'
import { Link } from 'react-router-dom'
import { dueText } from '../../../schema/calc/recurrence'
import { formatDueDay } from '../../../schema/calc/recurring-schedule'
import type { HomeDueLine } from '../../../schema/home-view'
import { EntryAmount } from '../../components/ui/amount'
import { Card } from '../../components/ui/card'

/** Recurring payments inside their reminder window (or overdue), soonest first; absent when none are. */
export function DueSoonCard(props: { due: readonly HomeDueLine[]; now: number; masked: boolean }) {
  const { due, now, masked } = props
  if (due.length === 0) return null
  return (
    <Card
      padding="none"
      variant="elevated"
      className="home-card due-soon"
      role="region"
      aria-labelledby="due-soon-title"
      data-testid="due-soon"
    >
      <div className="home-card__header">
        <h2 className="home-card__title" id="due-soon-title">
          <CalendarClock size={17} aria-hidden="true" /> Due soon
        </h2>
        <Link to="/recurring-payments" className="home-card__link">
          View all
        </Link>
      </div>
      <ul className="due-soon__list">
        {due.map((p) => {
          const text = dueText(p.nextDueDate, now)
          const urgent = text.startsWith('Overdue') || text === 'Due today'
          return (
            <li key={p.id} className="due-soon__item" data-testid="due-soon-item">
              <span className="due-soon__name">{p.name}</span>
              <span className={`due-soon__when${urgent ? ' due-soon__when--now' : ''}`}>
                {text} · {formatDueDay(p.nextDueDate)}
              </span>
              <EntryAmount entry={p} masked={masked} className="due-soon__amount" />
            </li>
          )
        })}
      </ul>
    </Card>
  )
}
