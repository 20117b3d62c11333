import { titleCase } from './admin-format'

const STATUS_TONE: Record<string, string> = {
  open: 'admin-badge--info',
  waiting: 'admin-badge--warn',
  resolved: 'admin-badge--ok',
  closed: 'admin-badge--muted',
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`admin-badge ${STATUS_TONE[status] ?? ''}`}>{titleCase(status)}</span>
}

export function PriorityBadge({ priority }: { priority: string }) {
  const tone = priority === 'urgent' || priority === 'high' ? 'admin-badge--danger' : 'admin-badge--muted'
  return <span className={`admin-badge ${tone}`}>{titleCase(priority)}</span>
}
