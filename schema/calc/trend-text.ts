import type { WeeklyTrend } from './trend'

export type TrendDirection = 'up' | 'down' | 'same' | 'none'

/**
 * How this week's spending compares with last week's, in words: '↑ 25% vs last week',
 * '↓ 10% vs last week', 'Same as last week', or 'No spending last week' when there is nothing
 * to compare with. Spending going up is `up` (bad news in a spending figure).
 */
export function describeTrend(trend: WeeklyTrend): { direction: TrendDirection; text: string } {
  if (trend.percent === null) return { direction: 'none', text: 'No spending last week' }
  if (trend.change === 0) return { direction: 'same', text: 'Same as last week' }
  const direction = trend.change > 0 ? 'up' : 'down'
  const percent = Math.abs(trend.percent)
  return { direction, text: `${direction === 'up' ? '↑' : '↓'} ${percent === 0 ? '<1' : percent}% vs last week` }
}
