import { CloudOff, RefreshCw } from 'lucide-react'
import { indicatorState, useSyncState } from '../../data/sync-state'
import './profile-pending.css'

/**
 * Stands in for what comes from the profile while the server's copy has not reached this device (a
 * new device, or one whose storage the browser cleared): never the defaults, which would look real.
 * `label` names what is missing ("your planned income").
 */
export function ProfilePending({ label }: { label: string }) {
  const offline = indicatorState(useSyncState()) === 'offline'
  return (
    <p
      className={`profile-pending${offline ? ' profile-pending--offline' : ''}`}
      role="status"
      data-testid={offline ? 'profile-unavailable' : 'profile-loading'}
    >
      {offline ? <CloudOff size={16} aria-hidden="true" /> : <RefreshCw size={16} aria-hidden="true" />}
      <span>
        {offline
          ? `This device hasn’t received ${label} yet and can’t reach the server. It will show here once you’re online.`
          : `Loading ${label} from your account…`}
      </span>
    </p>
  )
}

/** A setting's description while its value is still on its way (a disabled switch shows it). */
export function PendingNote() {
  const offline = indicatorState(useSyncState()) === 'offline'
  return (
    <span data-testid={offline ? 'profile-unavailable' : 'profile-loading'}>
      {offline ? 'Not on this device yet; it will show once you’re online.' : 'Loading from your account…'}
    </span>
  )
}
