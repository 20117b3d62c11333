import { useEffect, useMemo, useState } from 'react'
import { budgetsInHome, budgetWindow } from '../../../schema/calc/budget-status'
import { inWindow, localWeekWindow } from '../../../schema/calc/periods'
import { dueSoon } from '../../../schema/calc/recurring-schedule'
import { totalsOf } from '../../../schema/calc/totals'
import { weeklyTrend } from '../../../schema/calc/trend'
import { describeTrend } from '../../../schema/calc/trend-text'
import {
  HOME_BUDGET_COUNT,
  HOME_INSIGHT_COUNT,
  HOME_RECENT_COUNT,
  homeBudgetLine,
  homeDueLine,
  homeRecentRow,
  type HomeFigures,
} from '../../../schema/home-view'
import { entryCurrency } from '../../../schema/money/currency'
import { localMonthWindow } from '../../../schema/time'
import { insightLines } from '../../components/insights/insights-card'
import { useTransactionActions } from '../../components/transaction/use-transaction-actions'
import type { BudgetDoc } from '../../data/budgets'
import { writeHomeSnapshot } from '../../data/home-snapshot'
import { saveWhenIdle } from '../../data/saved-screen'
import {
  useBudgets,
  useCollectionSynced,
  useInHome,
  usePaymentsDueBy,
  useProfile,
  throwIfUnread,
  useRecentTransactions,
  useTransactionsIn,
} from '../../data/hooks'
import { useInsights } from '../../data/planning-hooks'
import { setHideBalance } from '../../data/preferences'
import { useAuth, useUser } from '../../data/auth-context'
import { useMoneyFormat } from '../../lib/money-format'
import { useNow } from '../../lib/use-now'
import { HomeFrame, snapshotFrame, useHomeSnapshot } from './home-snapshot'
import { HomeView } from './home-view'

/** One date-indexed query covers the month, last and this week, and every shown budget's window. */
function useHomeFigures(now: number, budgets: readonly BudgetDoc[]) {
  const month = localMonthWindow(now)
  const thisWeek = localWeekWindow(now)
  let start = Math.min(month.start, localWeekWindow(thisWeek.start - 1).start)
  let end = Math.max(month.end, thisWeek.end)
  for (const b of budgets) {
    const w = budgetWindow(b.period, now, b.createdAt)
    start = Math.min(start, w.start)
    end = Math.max(end, w.end)
  }
  const span = useTransactionsIn(start, end)
  // Every figure is in the home currency; entries with no rate are counted apart, never 1:1.
  const inHome = useInHome(span.data)
  const figures = useMemo((): HomeFigures => {
    const month = localMonthWindow(now)
    const totals = totalsOf(inHome.entries.filter((t) => inWindow(t.date, month)))
    const notConverted = inHome.notConverted.filter((t) => inWindow(t.date, month)).length
    const trend = weeklyTrend(inHome.entries, now)
    const { income, expenses, balance } = totals
    return { income, expenses, balance, thisWeek: trend.thisWeek, notConverted, trend: describeTrend(trend) }
  }, [inHome, now])
  const { currency, legacyCurrency } = useMoneyFormat()
  // Limits in the home currency too; one with no rate to it has no line (never compared 1:1).
  const budgetLines = useMemo(
    () =>
      budgetsInHome(budgets, { currency, legacyCurrency }).budgets.map((b) => homeBudgetLine(b, inHome.entries, now)),
    [budgets, inHome.entries, now, currency, legacyCurrency],
  )
  return { loading: span.loading, failed: span.failed, figures, budgetLines }
}

/** Figures never shown (a new device says they are loading), so the view has its shape. */
function noFigures(now: number): HomeFigures {
  const { income, expenses, balance } = totalsOf([])
  const trend = weeklyTrend([], now)
  return { income, expenses, balance, thisWeek: trend.thisWeek, trend: describeTrend(trend) }
}

/**
 * /home while a new device downloads its entries: the newest ones as they land, budgets and due
 * payments, and every sum saying it is loading. The sums' queries (the month, the weeks, insights
 * over months) are not run until the download ends: each page landing would run them again.
 */
function DownloadingHome() {
  const now = useNow()
  const profile = useProfile()
  const budgets = useBudgets(HOME_BUDGET_COUNT)
  const dueCandidates = usePaymentsDueBy(now)
  const recent = useRecentTransactions(HOME_RECENT_COUNT)
  const actions = useTransactionActions(profile.data?.customCategories ?? [])
  const due = useMemo(() => dueSoon(dueCandidates.data, now).map(homeDueLine), [dueCandidates.data, now])
  const money = useMoneyFormat()
  const view = useMemo(
    () => ({
      figures: noFigures(now),
      budgets: budgetsInHome(budgets.data, money).budgets.map((b) => homeBudgetLine(b, [], now)),
      due,
      insights: [],
      recent: recent.data,
    }),
    [now, budgets.data, due, recent.data, money],
  )
  return (
    <HomeView
      view={view}
      now={now}
      hidden={profile.data?.hideBalance ?? false}
      settled={!budgets.loading && !dueCandidates.loading}
      recentLoading={recent.loading}
      insightsLoading
      figuresLoading
      actions={actions}
    />
  )
}

export default function HomeScreen() {
  // A new device shows its entries as they land, but no sum of them until it holds them all.
  const complete = useCollectionSynced('transactions')
  return complete ? <LiveHome /> : <DownloadingHome />
}

function LiveHome() {
  const user = useUser()
  const { demo } = useAuth()
  // Fixed for the life of the screen; the month changes rarely enough.
  const now = useNow()
  const money = useMoneyFormat()
  const profile = useProfile()
  const budgets = useBudgets(HOME_BUDGET_COUNT)
  const [hiddenOverride, setHiddenOverride] = useState<boolean | null>(null)
  const hidden = hiddenOverride ?? profile.data?.hideBalance ?? false
  const home = useHomeFigures(now, budgets.data)
  const dueCandidates = usePaymentsDueBy(now)
  const recent = useRecentTransactions(HOME_RECENT_COUNT)
  const snapshot = useHomeSnapshot()
  const saved = useMemo(() => snapshot && snapshotFrame(snapshot, now), [snapshot, now])
  // With a saved screen standing in, the insights' months of entries are read once the month's
  // figures are in: both reads compete for the main thread, and the figures are what is waited for.
  const insights = useInsights(now, snapshot === null || !home.loading)
  const actions = useTransactionActions(profile.data?.customCategories ?? [])
  // The cards whose height depends on the data (how many budgets, whether anything is due) appear
  // together once those two small queries answer, so nothing on screen moves down after the first
  // paint (Lighthouse's layout shift); the month's figures only change numbers, so they don't wait.
  const settled = !budgets.loading && !dueCandidates.loading
  // Insights read three months and more of entries, the slowest of these queries: until they
  // answer, the saved screen's lines stand in on the live screen (text only, nothing to act on).
  const insightsPending = insights.loading && snapshot === null
  const ready = settled && !profile.loading && !home.loading && !recent.loading && !insightsPending

  const due = useMemo(() => dueSoon(dueCandidates.data, now).map(homeDueLine), [dueCandidates.data, now])
  const savedLines = snapshot?.view.insights
  const lines = useMemo(
    () =>
      insights.loading && savedLines
        ? savedLines
        : insightLines(insights.data, { currency: money.currency, legacyCurrency: money.legacyCurrency }, true),
    [insights.loading, savedLines, insights.data, money.currency, money.legacyCurrency],
  )
  const view = useMemo(
    () => ({ figures: home.figures, budgets: home.budgetLines, due, insights: lines, recent: recent.data }),
    [home.figures, home.budgetLines, due, lines, recent.data],
  )

  // Every complete home screen is kept for the next cold start (never the demo's), the last of a
  // burst of changes once the page is idle (a write is about half a millisecond).
  useEffect(() => {
    if (!ready || insights.loading || demo) return
    const saved = {
      ...view,
      insights: view.insights.slice(0, HOME_INSIGHT_COUNT),
      // Each row names its currency, so the saved screen needs no profile to tell a legacy entry's.
      recent: view.recent.map((tx) => homeRecentRow({ ...tx, currency: entryCurrency(tx, money) })),
    }
    return saveWhenIdle(user.id, () =>
      writeHomeSnapshot(user.id, { currency: money.currency, hidden, view: saved }, Date.now()),
    )
  }, [ready, insights.loading, demo, view, user.id, money, hidden])

  throwIfUnread(home, recent, insights, budgets, dueCandidates)
  // Until the queries have answered, the saved screen stays up rather than a half-empty one.
  if (!ready && saved) return <HomeFrame {...saved} />

  const toggleHidden = () => {
    setHiddenOverride(!hidden)
    setHideBalance(!hidden).catch((e: unknown) => console.error(e))
  }

  return (
    <HomeFrame
      money={money}
      view={view}
      now={now}
      hidden={hidden}
      settled={settled}
      recentLoading={recent.loading}
      insightsLoading={insightsPending}
      figuresLoading={home.loading}
      onToggleHidden={toggleHidden}
      actions={actions}
    />
  )
}
