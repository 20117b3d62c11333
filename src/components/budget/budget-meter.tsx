import type { BarColour } from '../../../schema/calc/budget-status'
import './budget-meter.css'

/** A budget's used share as a progress bar, capped at 100 %; `compact` is the thinner home-screen bar. */
export function BudgetMeter({
  category,
  percent,
  colour,
  compact = false,
}: {
  category: string
  percent: number
  colour: BarColour
  compact?: boolean
}) {
  const width = Math.min(100, percent)
  return (
    <div
      className={compact ? 'budget-meter budget-meter--compact' : 'budget-meter'}
      role="progressbar"
      aria-label={`${category} budget used`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={width}
      aria-valuetext={`${percent}%`}
    >
      <span className={`budget-meter__fill budget-meter__fill--${colour}`} style={{ width: `${width}%` }} />
    </div>
  )
}
