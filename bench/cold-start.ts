import type { Browser, Page } from '@playwright/test'
import type { ServerProcess } from '../tests/e2e/support/server'
import { untilScreenSaved } from './browser'
import type { DeviceProfile } from './profiles'
import type { Account } from './seed'
import { percentile } from './stats'

type ProbeWindow = Window & {
  __shellAt?: number
  __homeAt?: number
  __liveAt?: number
  __ledgerAt?: number
  __ledgerLiveAt?: number
}

/** Reloads /transactions offline `loads` times: navigation → its first rows (saved head or live), → the live list. */
async function transactionsLoads(page: Page, origin: string, loads: number) {
  const saved: number[] = []
  const live: number[] = []
  for (let i = 0; i < loads; i++) {
    await page.goto(`${origin}/transactions`, { waitUntil: 'commit' })
    const t = await page.evaluate(async () => {
      const w = window as ProbeWindow
      while (w.__ledgerLiveAt === undefined) await new Promise((r) => setTimeout(r, 20))
      return { at: w.__ledgerAt ?? w.__ledgerLiveAt, liveAt: w.__ledgerLiveAt }
    })
    saved.push(t.at)
    live.push(t.liveAt)
  }
  return { savedMs: percentile(saved, 50), liveMs: percentile(live, 50) }
}

/** How long the page before a measured load stays up, shown and idle. */
const QUIET_MS = 300

/**
 * Cold start on `profile` (the phone: its viewport and 4× slower CPU for the measured loads):
 * loads of /home, each alternating with one of the baseline, then of /transactions, with the
 * service worker in control and the network off. Per load, in the page: the app's first render
 * (before the database opens: the saved home screen, or "Opening your data" when there is none) and
 * interactive /home (navigation → the recent-transactions section showing its rows or its empty
 * text: from the saved snapshot when there is one) and, after it, the live screen (the same with the
 * database open and its queries answered). The baseline is an empty shell: the same app's first
 * render of /privacy (no data), loaded the same way in the same run. /transactions: its saved head
 * and its live list (rows from the open database).
 */
export async function benchColdStart(
  browser: Browser,
  server: ServerProcess,
  account: Account,
  { profile, loads = 7 }: { profile: DeviceProfile; loads?: number },
) {
  const context = await browser.newContext({ serviceWorkers: 'allow', ...profile.context })
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('hisaab.token', token)
      localStorage.setItem('hisaab.user', JSON.stringify(user))
    },
    { token: account.token, user: account.user },
  )
  await context.addInitScript('globalThis.__name = (fn) => fn')
  await context.addInitScript(() => {
    // Records, as the DOM changes, when the app first rendered anything into #root (before any
    // data), when /home's recent section first showed its rows or its empty text (from the saved
    // snapshot when there is one) and when the live screen's did.
    const w = window as ProbeWindow
    const listed = (ledger: string) => document.querySelector(`${ledger} [role="listitem"]`) !== null
    const shown = (home: string) => {
      const section = document.querySelector(`${home} [aria-labelledby="recent-title"]`)
      return Boolean(
        section &&
        (section.querySelector('[data-testid="transaction-item"]') || section.querySelector('.recent__empty')),
      )
    }
    const mark = () => {
      const root = document.getElementById('root')
      if (root && root.childElementCount > 0) w.__shellAt ??= performance.now()
      if (shown('.home')) w.__homeAt ??= performance.now()
      if (shown('.home:not([data-snapshot])')) w.__liveAt ??= performance.now()
      if (listed('.ledger')) w.__ledgerAt ??= performance.now()
      if (listed('.ledger:not([data-snapshot])')) w.__ledgerLiveAt ??= performance.now()
      return w.__liveAt !== undefined || w.__ledgerLiveAt !== undefined
    }
    const observer = new MutationObserver(() => {
      if (mark()) observer.disconnect()
    })
    observer.observe(document, { childList: true, subtree: true, attributes: true })
  })
  const page = await context.newPage()
  await page.goto(`${server.url}/home`)
  // The worker installs on the first visit and controls the pages loaded after it (no clients.claim).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await page.locator('#recent-title').waitFor()
  // A seeded account downloads its data first: the offline loads then open a complete database.
  await page.locator('[data-testid="sync-status"][data-state="synced"]').waitFor({ timeout: 300_000 })
  await page.locator('.download-bar').waitFor({ state: 'detached', timeout: 300_000 })
  await page.locator('.home:not([data-snapshot])').waitFor()
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
    throw new Error('cold start: the service worker does not control the page')
  // The list's saved head is written once its totals are known.
  await page.goto(`${server.url}/transactions`)
  await untilScreenSaved(page, 'ledger')
  await page.goto(`${server.url}/home`)
  await page.locator('.home:not([data-snapshot])').waitFor()
  await untilScreenSaved(page, 'home')
  await context.setOffline(true)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate })

  // Each /home load alternates with one of the baseline, so both see the same machine; each comes
  // after the same quiet page, so neither pays for the teardown of the one before it. Since /home
  // paints its saved screen at once, its own first render is no longer an empty shell.
  const shellShown = () =>
    page.evaluate(async () => {
      const w = window as ProbeWindow
      while (w.__shellAt === undefined) await new Promise((r) => setTimeout(r, 5))
      if (navigator.serviceWorker.controller === null) throw new Error('cold start: /privacy was not controlled')
      return w.__shellAt
    })
  const afterQuietPage = async () => {
    await page.goto(`${server.url}/privacy`, { waitUntil: 'commit' })
    await shellShown()
    await new Promise((r) => setTimeout(r, QUIET_MS))
  }
  const shell: number[] = []
  const home: number[] = []
  const live: number[] = []
  const empty: number[] = []
  const opens: { openStart: number; openMs: number; createMs: number }[] = []
  for (let i = 0; i < loads; i++) {
    await afterQuietPage()
    await page.goto(`${server.url}/home`, { waitUntil: 'commit' })
    const t = await page.evaluate(async () => {
      const w = window as ProbeWindow
      while (w.__liveAt === undefined) await new Promise((r) => setTimeout(r, 20))
      const open = performance.getEntriesByName('hisaab:db-open', 'measure')[0]
      const created = performance.getEntriesByName('hisaab:db-created', 'mark')[0]
      return {
        at: w.__homeAt ?? w.__liveAt,
        liveAt: w.__liveAt,
        shellAt: w.__shellAt ?? w.__liveAt,
        controlled: navigator.serviceWorker.controller !== null,
        openStart: open?.startTime ?? NaN,
        openMs: open?.duration ?? NaN,
        createMs: open && created ? created.startTime - open.startTime : NaN,
      }
    })
    if (!t.controlled) throw new Error('cold start: the page was not controlled by the service worker')
    shell.push(t.shellAt)
    home.push(t.at)
    live.push(t.liveAt)
    opens.push(t)
    await afterQuietPage()
    await page.goto(`${server.url}/privacy`, { waitUntil: 'commit' })
    empty.push(await shellShown())
  }
  const transactions = await transactionsLoads(page, server.url, loads)
  await context.close()
  const homeMs = percentile(home, 50)
  const shellMs = percentile(empty, 50)
  return {
    profile: profile.name,
    cpuRate: profile.cpuRate,
    loads,
    homeMs,
    homeP95Ms: percentile(home, 95),
    /** Navigation → the live screen (database open, queries answered), median. */
    liveMs: percentile(live, 50),
    /** Navigation → /home's first render (its saved screen when there is one), median. */
    firstRenderMs: percentile(shell, 50),
    shellMs,
    ratio: homeMs / shellMs,
    // Where the time goes: navigation → the database starts opening, opening it (of which
    // createRxDatabase before the collections), medians.
    dbOpenStartMs: percentile(
      opens.map((o) => o.openStart),
      50,
    ),
    dbOpenMs: percentile(
      opens.map((o) => o.openMs),
      50,
    ),
    dbCreateMs: percentile(
      opens.map((o) => o.createMs),
      50,
    ),
    /** /transactions offline: navigation → its saved head's rows, → the live list's rows, medians. */
    transactionsSavedMs: transactions.savedMs,
    transactionsLiveMs: transactions.liveMs,
    target: '≤ 1 s and ≤ 1.5× the empty shell',
  }
}
