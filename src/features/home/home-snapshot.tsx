import { useCallback, useMemo, useState } from 'react'
import { LoadingScreen } from '../../components/ui/spinner'
import { readHomeSnapshot, type HomeSnapshot } from '../../data/home-snapshot'
import type { HomeRecentRow } from '../../../schema/home-view'
import { MoneyContext, moneyFormat, type MoneyFormat } from '../../lib/money-format'
import { useSavedScreen } from '../../data/use-saved-screen'
import { HomeView, type HomeViewProps } from './home-view'

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

export type HomeFrameProps<T extends HomeRecentRow> = HomeViewProps<T> & { money: MoneyFormat }

/**
 * /home in the currency it is drawn with. The saved screen and the live one both draw through it, so
 * when the live screen takes over, React updates the saved screen's elements instead of building the
 * page again.
 */
export function HomeFrame<T extends HomeRecentRow>({ money, ...view }: HomeFrameProps<T>) {
  return (
    <MoneyContext.Provider value={money}>
      <HomeView {...view} />
    </MoneyContext.Provider>
  )
}

/** What draws a saved screen: its currency and figures; nothing acts on it. */
export function snapshotFrame(snapshot: HomeSnapshot, now: number): HomeFrameProps<HomeRecentRow> {
  return {
    money: moneyFormat(snapshot.currency),
    view: snapshot.view,
    now,
    hidden: snapshot.hidden,
    settled: true,
    recentLoading: false,
    insightsLoading: false,
    snapshot: true,
  }
}

/** The last home screen this user saw, drawn with the currency it was saved with; nothing acts on it. */
export function SnapshotHome({ snapshot }: { snapshot: HomeSnapshot }) {
  const [now] = useState(() => Date.now())
  const frame = useMemo(() => snapshotFrame(snapshot, now), [snapshot, now])
  return <HomeFrame {...frame} />
}

/**
 * What the page area shows while the data layer loads and the database opens: on /home the saved
 * home screen when there is one (a cold start paints it at once), else the loading screen.
 */
export default function HomePlaceholder({ label }: { label?: string }) {
  const snapshot = useHomeSnapshot()
  return snapshot ? <SnapshotHome snapshot={snapshot} /> : <LoadingScreen label={label} />
}
