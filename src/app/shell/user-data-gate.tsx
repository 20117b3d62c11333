import { useEffect, useState, type ReactNode } from 'react'
import { LoadingScreen } from '../../components/ui/spinner'
import { openUserData } from '../../data/database'
import { ensureProfile } from '../../data/profile'
import { readToken } from '../../data/session'
import { useUser } from '../auth/auth-context'

/** Opens the signed-in user's local database before the screens that read it render. */
export function UserDataGate({ children }: { children: ReactNode }) {
  const user = useUser()
  const [ready, setReady] = useState<string | null>(null)
  const [failed, setFailed] = useState<unknown>(null)

  useEffect(() => {
    let cancelled = false
    openUserData(user.id, readToken)
      .then(() => {
        if (cancelled) return
        setReady(user.id)
        ensureProfile(user.currency).catch((error: unknown) => console.warn('Could not create the profile', error))
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailed(error)
      })
    return () => {
      cancelled = true
    }
  }, [user.id, user.currency])

  if (failed) throw failed instanceof Error ? failed : new Error('Could not open your data', { cause: failed })
  if (ready !== user.id) return <LoadingScreen label="Opening your data" />
  return <>{children}</>
}
