import type { Analytics } from '../../../schema/api/admin'

/** A labelled count list with a bar per row (employment and country breakdowns). */
export function BreakdownList({ title, rows }: { title: string; rows: readonly { label: string; count: number }[] }) {
  const total = rows.reduce((sum, r) => sum + r.count, 0)
  return (
    <section className="admin-card" aria-labelledby={`${title}-heading`.replace(/\s+/g, '-')}>
      <h2 id={`${title}-heading`.replace(/\s+/g, '-')}>{title}</h2>
      {rows.length === 0 ? (
        <p className="admin-muted">No users yet</p>
      ) : (
        <ul className="admin-breakdown">
          {rows.map((row) => {
            const share = total > 0 ? Math.round((row.count / total) * 100) : 0
            return (
              <li key={row.label}>
                <span className="admin-breakdown__label">{row.label}</span>
                <span className="admin-breakdown__count">
                  {row.count} <span className="admin-muted">({share}%)</span>
                </span>
                <span className="admin-breakdown__bar" aria-hidden="true">
                  <span style={{ width: `${share}%` }} />
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** The employment and country breakdowns side by side (dashboard and analytics). */
export function AnalyticsBreakdowns({ data }: { data: Pick<Analytics, 'employmentBreakdown' | 'countryBreakdown'> }) {
  return (
    <div className="admin-grid-2">
      <BreakdownList
        title="Employment Breakdown"
        rows={data.employmentBreakdown.map((r) => ({ label: r.type, count: r.count }))}
      />
      <BreakdownList
        title="Country Breakdown"
        rows={data.countryBreakdown.map((r) => ({ label: r.country, count: r.count }))}
      />
    </div>
  )
}
