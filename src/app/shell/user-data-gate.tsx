import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Outlet } from 'react-router-dom'
import { openDemoData, openUserData } from '../../data/database'
import { readToken } from '../../data/session'
import { useAuth, useUser } from '../../data/auth-context'
import { MoneyProvider } from '../../data/use-money'
import { PagePlaceholder } from './page-placeholder'

/** Opens the signed-in user's local database (or the demo's) before the screens that read it render. */
export function UserDataGate({ children }: { children: ReactNode }) {
  const user = useUser()
  const { demo } = useAuth()
  const [ready, setReady] = useState<string | null>(null)
  const [failed, setFailed] = useState<unknown>(null)

  useEffect(() => {
    let cancelled = false
    const open = demo ? openDemoData() : openUserData(user.id, readToken)
    open
      .then(({ whole }) => {
        if (cancelled) return
        // The collections opened after the first screen's fail as the open would have.
        whole.catch((error: unknown) => {
          if (!cancelled) setFailed(error)
        })
        // Receipt photos waiting from an earlier visit upload now (nothing to upload in the demo).
        if (!demo) void import('../../data/receipts').then((receipts) => receipts.startReceiptUploads())
        // The screen's first render, in slices that yield to taps (a blocking one was a long task).
        startTransition(() => setReady(user.id))
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailed(error)
      })
    return () => {
      cancelled = true
    }
  }, [user.id, demo])

  if (failed) throw failed instanceof Error ? failed : new Error('Could not open your data', { cause: failed })
  // On /home and /transactions the screen this user last saw stands in meanwhile.
  if (ready !== user.id) return <PagePlaceholder label="Opening your data" />
  return <MoneyProvider>{children}</MoneyProvider>
}

/** A shell's page area: the user's data open, then the route's screen (lazy, with a spinner meanwhile). */
export function GatedOutlet() {
  return (
    <UserDataGate>
      <Suspense fallback={<PagePlaceholder />}>
        <Outlet />
      </Suspense>
    </UserDataGate>
  )
}
