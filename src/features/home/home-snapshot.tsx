import { useCallback, useMemo, useState } from 'react'
import { LoadingScreen } from '../../components/ui/spinner'
import { readHomeSnapshot, type HomeSnapshot } from '../../data/home-snapshot'
import { MoneyContext, moneyFormat } from '../../lib/money-format'
import { useSavedScreen } from '../../data/use-saved-screen'
import { HomeView } from './home-view'

/**
 * The signed-in user's saved home screen when the page is /home and the app opened on it (never
 * the demo's), else null.
 */
export function useHomeSnapshot(): HomeSnapshot | null {
  // Read once per mount: the live screen takes over from here.
  const [now] = useState(() => Date.now())
  const read = useCallback((userId: string) => readHomeSnapshot(userId, now), [now])
  return useSavedScreen('/home', read)
}

/** The last home screen this user saw, drawn with the currency it was saved with; nothing acts on it. */
export function SnapshotHome({ snapshot }: { snapshot: HomeSnapshot }) {
  const [now] = useState(() => Date.now())
  const money = useMemo(() => moneyFormat(snapshot.currency), [snapshot.currency])
  return (
    <MoneyContext.Provider value={money}>
      <HomeView
        view={snapshot.view}
        now={now}
        hidden={snapshot.hidden}
        settled
        recentLoading={false}
        insightsLoading={false}
        snapshot
      />
    </MoneyContext.Provider>
  )
}

/**
 * What the page area shows while the data layer loads and the database opens: on /home the saved
 * home screen when there is one (a cold start paints it at once), else the loading screen.
 */
export default function HomePlaceholder({ label }: { label?: string }) {
  const snapshot = useHomeSnapshot()
  return snapshot ? <SnapshotHome snapshot={snapshot} /> : <LoadingScreen label={label} />
}
