import type { Browser } from '@playwright/test'
import type { ServerProcess } from '../tests/e2e/support/server'
import type { Account } from './seed'
import { percentile } from './stats'

/**
 * Cold start (issue #15): reloads of /home with the service worker in control and the network
 * off. Per reload, in the page: the empty shell (navigation → the app's first render, before
 * the database opens: the "Opening your data" screen or home itself) and interactive /home
 * (navigation → the recent-transactions section showing its rows or its empty text). The shell
 * is the baseline measured in the same loads.
 */
export async function benchColdStart(browser: Browser, server: ServerProcess, account: Account, loads = 7) {
  const context = await browser.newContext({ serviceWorkers: 'allow' })
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('hisaab.token', token)
      localStorage.setItem('hisaab.user', JSON.stringify(user))
    },
    { token: account.token, user: account.user },
  )
  await context.addInitScript('globalThis.__name = (fn) => fn')
  await context.addInitScript(() => {
    // Records when the app first rendered anything into #root, before any data.
    const root = () => document.getElementById('root')
    const mark = () => {
      const el = root()
      if (el && el.childElementCount > 0) {
        ;(window as unknown as { __shellAt?: number }).__shellAt ??= performance.now()
        return true
      }
      return false
    }
    const observer = new MutationObserver(() => {
      if (mark()) observer.disconnect()
    })
    document.addEventListener('DOMContentLoaded', () => {
      if (!mark()) observer.observe(root() ?? document.body, { childList: true, subtree: true })
    })
  })
  const page = await context.newPage()
  await page.goto(`${server.url}/home`)
  // The worker installs on the first visit and controls the pages loaded after it (no clients.claim).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await page.locator('#recent-title').waitFor()
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
    throw new Error('cold start: the service worker does not control the page')
  await context.setOffline(true)

  const shell: number[] = []
  const home: number[] = []
  const opens: { openStart: number; openMs: number; createMs: number }[] = []
  for (let i = 0; i < loads; i++) {
    await page.reload({ waitUntil: 'commit' })
    const t = await page.evaluate(async () => {
      for (;;) {
        const section = document.querySelector('[aria-labelledby="recent-title"]')
        const ready =
          section &&
          (section.querySelector('[data-testid="transaction-item"]') || section.querySelector('.recent__empty'))
        if (ready) {
          const at = performance.now()
          const controlled = navigator.serviceWorker.controller !== null
          const open = performance.getEntriesByName('hisaab:db-open', 'measure')[0]
          const created = performance.getEntriesByName('hisaab:db-created', 'mark')[0]
          const shellAt = (window as unknown as { __shellAt?: number }).__shellAt ?? at
          return {
            at,
            shellAt,
            controlled,
            openStart: open?.startTime ?? NaN,
            openMs: open?.duration ?? NaN,
            createMs: open && created ? created.startTime - open.startTime : NaN,
          }
        }
        await new Promise((r) => requestAnimationFrame(r))
      }
    })
    if (!t.controlled) throw new Error('cold start: the page was not controlled by the service worker')
    shell.push(t.shellAt)
    home.push(t.at)
    opens.push(t)
  }
  await context.close()
  const homeMs = percentile(home, 50)
  const shellMs = percentile(shell, 50)
  return {
    loads,
    homeMs,
    homeP95Ms: percentile(home, 95),
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
    target: '≤ 1 s and ≤ 1.5× the empty shell',
  }
}
