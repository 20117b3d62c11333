import { AlertTriangle, Cloud, CloudOff, RefreshCw, X } from 'lucide-react'
import { useState } from 'react'
import { indicatorState, indicatorText, syncNotice, useSyncState, type SyncNotice } from '../../data/sync-state'

// One formatter for every render (the indicator re-renders with each push and pending count).
let time: Intl.DateTimeFormat | null = null
function timeOf(ms: number): string {
  time ??= new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true })
  return time.format(ms)
}

/** Online/offline, syncing, pending count and last synced time (DESIGN §4). */
export function SyncIndicator() {
  const sync = useSyncState()
  const state = indicatorState(sync)
  const text = indicatorText(sync)
  const title = sync.lastSyncedAt ? `${text} — last synced ${timeOf(sync.lastSyncedAt)}` : text
  const Icon = state === 'offline' ? CloudOff : state === 'syncing' ? RefreshCw : Cloud
  return (
    <span
      className={`sync-status sync-status--${state}`}
      data-testid="sync-status"
      data-state={state}
      data-pending={sync.pending}
      title={title}
    >
      <Icon size={15} aria-hidden="true" className={state === 'syncing' ? 'sync-status__spin' : undefined} />
      <span>{text}</span>
    </span>
  )
}

/** A thin bar while a new device downloads the user's data for the first time. */
export function FirstDownloadBar() {
  const { firstDownload } = useSyncState()
  if (firstDownload === null) return null
  const percent = Math.round(firstDownload * 100)
  return (
    <div
      className="download-bar"
      role="progressbar"
      aria-label="Downloading your data"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="download-bar__fill" style={{ width: `${Math.max(percent, 3)}%` }} />
    </div>
  )
}

/**
 * A line under the bar when something the indicator shows needs words: entries waiting to go up in
 * a browser that has not agreed to keep the site's data, or a first download waiting for the server.
 * It can be hidden until what it says changes.
 */
export function SyncNoticeBar() {
  const notice = syncNotice(useSyncState())
  const [hidden, setHidden] = useState<string | null>(null)
  const key = notice ? `${notice.kind}:${notice.kind === 'at-risk' ? notice.pending : ''}` : null
  if (!notice || hidden === key) return null
  return (
    <div className="sync-notice" role="status" data-testid="sync-notice" data-kind={notice.kind}>
      <AlertTriangle size={16} aria-hidden="true" />
      <p>{noticeText(notice)}</p>
      <button type="button" className="sync-notice__hide" aria-label="Hide this notice" onClick={() => setHidden(key)}>
        <X size={16} aria-hidden="true" />
      </button>
    </div>
  )
}

function noticeText(notice: NonNullable<SyncNotice>): string {
  if (notice.kind === 'download-waiting')
    return 'Your data hasn’t finished downloading to this device. It will once you’re online.'
  const one = notice.pending === 1
  return (
    `${notice.pending} ${one ? 'entry is' : 'entries are'} only on this device, and this browser may clear its ` +
    `data when storage runs low. Go online soon so ${one ? 'it reaches' : 'they reach'} your account.`
  )
}
