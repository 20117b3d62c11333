import type { Browser, Page } from '@playwright/test'
import type { ServerProcess } from '../tests/e2e/support/server'
import { signedInPage } from './browser'
import type { Account } from './seed'
import { round } from './stats'

/** The page sizes the raw baseline tries (the client's replication pulls 500, its first download 2,000). */
const RAW_PAGES = [500, 5000]

/**
 * Counts, from navigation start, the longest gap between main-thread timer ticks while the first
 * download runs: how long the app could not answer a tap ("usable meanwhile").
 */
const STALL_PROBE = `(() => {
  let last = performance.now()
  window.__benchStall = 0
  const tick = () => {
    const now = performance.now()
    window.__benchStall = Math.max(window.__benchStall, now - last)
    last = now
    if (!window.__benchStallStop) setTimeout(tick, 10)
  }
  setTimeout(tick, 10)
})()`

/**
 * Waits in the page until the first download finished (the app marks it in localStorage once
 * every collection's initial replication is done; cheap to poll, unlike counting 50k rows),
 * checks the local count, and returns ms since navigation start.
 */
export async function waitForFirstSync(page: Page, n: number): Promise<number> {
  const doneAt = await page.evaluate(async () => {
    for (;;) {
      const synced = Object.keys(localStorage).some(
        (key) => key.startsWith('hisaab.synced.') && localStorage.getItem(key) === '1',
      )
      if (synced && window.__hisaab) return performance.now()
      await new Promise((r) => setTimeout(r, 20))
    }
  })
  const count = await page.evaluate(() => window.__hisaab!.db.transactions.count().exec())
  if (count < n) throw new Error(`first sync ended with ${count} of ${n} transactions`)
  return doneAt
}

/**
 * Baseline: the pull pages fetched one after another and written with raw Dexie bulkPut into a
 * fresh IndexedDB database with the app's indexes on transactions. Leaves the raw table filled for (a).
 */
export async function rawFirstSync(
  page: Page,
  token: string,
  batch: number,
): Promise<{ ms: number; docs: number; dbName: string }> {
  return page.evaluate(
    async ({ token, batch }) => {
      const { Dexie } = window.__hisaab!
      const dbName = `bench_raw_${Date.now()}`
      const raw = new Dexie(dbName)
      raw.version(1).stores({ tx: 'id, date, dateDesc, [type+date], [type+dateDesc], updatedAt' })
      await raw.open()
      const t0 = performance.now()
      let seq = 0
      let docs = 0
      for (;;) {
        const res = await fetch(`/api/sync/transactions/pull?seq=${seq}&limit=${batch}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        const body = (await res.json()) as { documents: unknown[]; checkpoint: { seq: number } }
        if (body.documents.length === 0) break
        await raw.table('tx').bulkPut(body.documents)
        docs += body.documents.length
        seq = body.checkpoint.seq
      }
      const ms = performance.now() - t0
      raw.close()
      return { ms, docs, dbName }
    },
    { token, batch },
  )
}

/** The fastest raw run over the page sizes (the strongest baseline). */
async function fastestRaw(page: Page, token: string) {
  const runs = []
  for (const batch of RAW_PAGES) runs.push({ batch, ...(await rawFirstSync(page, token, batch)) })
  return runs.reduce((a, b) => (b.ms < a.ms ? b : a))
}

/**
 * (b) First sync of a new device: a fresh browser context opens the app signed in and downloads
 * `n` transactions; the baseline (raw fetch + bulkPut) runs in a context that already synced
 * (before) and in the measured one (after); the faster raw run counts.
 * Returns the figures and the measured page (synced, with a filled raw table for (a)).
 */
export async function benchFirstSync(browser: Browser, server: ServerProcess, account: Account, n: number) {
  const rawPage = await signedInPage(browser, server, account)
  await rawPage.goto(`${server.url}/home`)
  await waitForFirstSync(rawPage, n) // this page's own sync must settle before the raw run
  const rawBefore = await fastestRaw(rawPage, account.token)
  await rawPage.context().close()

  const page = await signedInPage(browser, server, account)
  await page.addInitScript(STALL_PROBE)
  await page.goto(`${server.url}${process.env.BENCH_SYNC_PATH ?? '/home'}`)
  const rxMs = await waitForFirstSync(page, n)
  const stallMs = await page.evaluate(() => {
    const w = window as unknown as { __benchStall: number; __benchStallStop: boolean }
    w.__benchStallStop = true
    return w.__benchStall
  })
  const rawAfter = await fastestRaw(page, account.token)
  const raw = rawAfter.ms < rawBefore.ms ? rawAfter : rawBefore
  const firstSync = {
    docs: n,
    rxdbDocsPerSec: round(n / (rxMs / 1000), 0),
    rawDocsPerSec: round(n / (raw.ms / 1000), 0),
    ratio: round(raw.ms / rxMs, 3),
    rawPage: raw.batch,
    longestMainThreadStallMs: round(stallMs, 0),
    target: '≥ 5,000 docs/s and ≥ 0.5× raw',
    note:
      'ours counts from navigation start (app boot included); raw is the fastest of fetch + Dexie bulkPut ' +
      `runs with ${RAW_PAGES.join(' and ')}-document pages, before and after`,
  }
  return { firstSync, page, rawDbName: rawAfter.dbName }
}

export function firstSyncRow(f: Awaited<ReturnType<typeof benchFirstSync>>['firstSync']): string {
  return (
    `| (b) first sync of a new device, ${f.docs} docs | ${f.rxdbDocsPerSec} docs/s (longest main-thread stall ` +
    `${f.longestMainThreadStallMs} ms) | ${f.rawDocsPerSec} docs/s (fetch + bulkPut, ${f.rawPage}-doc pages) | ` +
    `${f.ratio} | ≥ 5,000 docs/s and ≥ 0.5 |`
  )
}
