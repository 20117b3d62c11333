import type { ReactNode } from 'react'

/** One figure with its label (dashboard, analytics, user detail). */
export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="admin-stat">
      <span className="admin-stat__label">{label}</span>
      <span className="admin-stat__value">{value}</span>
      {hint ? <span className="admin-stat__hint">{hint}</span> : null}
    </div>
  )
}
