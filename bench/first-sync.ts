import type { Browser, Page } from '@playwright/test'
import type { ServerProcess } from '../tests/e2e/support/server'
import { signedInPage } from './browser'
import type { Account } from './seed'
import type { DeviceProfile } from './profiles'
import { median, round } from './stats'

/** The raw baseline's table: the app's indexes on transactions (schema/collections.ts), Dexie syntax. */
export const RAW_TX_INDEXES = 'id, date, dateDesc, [type+date], [type+dateDesc], updatedAt'

/** The page sizes the raw baseline tries (the client's replication pulls 500, its first download 1,000). */
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
 * fresh IndexedDB database with the app's indexes on transactions (or `table`'s: see
 * `storeTable`). Leaves the raw table filled for (a).
 */
export async function rawFirstSync(
  page: Page,
  token: string,
  batch: number,
  table: RawTable = { indexes: RAW_TX_INDEXES, asStored: false },
): Promise<{ ms: number; docs: number; dbName: string }> {
  return page.evaluate(
    async ({ token, batch, table }) => {
      const { Dexie } = window.__hisaab!
      const dbName = `bench_raw_${Date.now()}`
      const raw = new Dexie(dbName)
      raw.version(1).stores({ tx: table.indexes })
      await raw.open()
      // As RxDB's Dexie storage stores a row: `_deleted` as '0'/'1' (a boolean is no IndexedDB key) and its metadata.
      const asStored = (doc: { _deleted: boolean }) => ({
        ...doc,
        _deleted: doc._deleted ? '1' : '0',
        _attachments: {},
        _rev: '1-raw',
        _meta: { lwt: 1 },
      })
      const t0 = performance.now()
      let seq = 0
      let docs = 0
      for (;;) {
        const res = await fetch(`/api/sync/transactions/pull?seq=${seq}&limit=${batch}`, {
          headers: { authorization: `Bearer ${token}` },
        })
        const body = (await res.json()) as { documents: { _deleted: boolean }[]; checkpoint: { seq: number } }
        if (body.documents.length === 0) break
        await raw.table('tx').bulkPut(table.asStored ? body.documents.map(asStored) : body.documents)
        docs += body.documents.length
        seq = body.checkpoint.seq
      }
      const ms = performance.now() - t0
      raw.close()
      return { ms, docs, dbName }
    },
    { token, batch, table },
  )
}

/** A raw baseline's table: Dexie's index syntax, and whether rows are shaped as RxDB stores them. */
interface RawTable {
  indexes: string
  asStored: boolean
}

/**
 * The table the app's transactions are stored in, read from its IndexedDB database: RxDB's Dexie
 * storage adds its own indexes to the schema's (`_deleted` and the primary key in each, and two on
 * `_meta.lwt`), and every row is written to each of them.
 */
export function storeTable(page: Page): Promise<RawTable> {
  return page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((db) => db.name?.endsWith('--transactions'))?.name
    if (!name) throw new Error('no transactions database on this page')
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error(`could not open ${name}`))
    })
    const store = db.transaction('docs').objectStore('docs')
    const keyPath = (path: string | string[]) => (Array.isArray(path) ? `[${path.join('+')}]` : path)
    const indexes = [
      keyPath(store.keyPath!),
      ...[...store.indexNames].map((index) => keyPath(store.index(index).keyPath)),
    ]
    db.close()
    return { indexes: indexes.join(', '), asStored: true }
  })
}

/** The fastest raw run over the page sizes (the strongest baseline); the other's table is dropped. */
async function fastestRaw(page: Page, token: string) {
  const runs = []
  for (const batch of RAW_PAGES) runs.push({ batch, ...(await rawFirstSync(page, token, batch)) })
  const fastest = runs.reduce((a, b) => (b.ms < a.ms ? b : a))
  for (const run of runs) if (run !== fastest) await dropRaw(page, run.dbName)
  return fastest
}

function dropRaw(page: Page, dbName: string): Promise<void> {
  return page.evaluate((name) => window.__hisaab!.Dexie.delete(name), dbName)
}

/**
 * Fresh devices per run, each followed by raw runs: one download varies by ±8 % here from run to
 * run (so does the raw one), so the ratio compares medians measured side by side.
 */
const ROUNDS = 3

/**
 * (b) First sync of a new device, ROUNDS times: a fresh browser context opens the app signed in
 * and downloads `n` transactions; between them the baseline (raw fetch + bulkPut, the faster of
 * two page sizes) runs in a context that already synced, and once more in the last measured one.
 * Returns the figures and the last measured page (synced, with a filled raw table for (a)).
 */
export async function benchFirstSync(browser: Browser, server: ServerProcess, account: Account, n: number) {
  const rawPage = await signedInPage(browser, server, account)
  await rawPage.goto(`${server.url}/home`)
  await waitForFirstSync(rawPage, n) // this page's own sync must settle before the raw runs
  const ours: number[] = []
  const stalls: number[] = []
  const raws: { ms: number; batch: number }[] = []
  let page: Page | null = null
  for (let round = 0; round < ROUNDS; round++) {
    const raw = await fastestRaw(rawPage, account.token)
    await dropRaw(rawPage, raw.dbName)
    raws.push(raw)
    await page?.context().close()
    page = await signedInPage(browser, server, account)
    await page.addInitScript(STALL_PROBE)
    await page.goto(`${server.url}${process.env.BENCH_SYNC_PATH ?? '/home'}`)
    ours.push(await waitForFirstSync(page, n))
    stalls.push(
      await page.evaluate(() => {
        const w = window as unknown as { __benchStall: number; __benchStallStop: boolean }
        w.__benchStallStop = true
        return w.__benchStall
      }),
    )
  }
  await rawPage.context().close()
  const last = await fastestRaw(page!, account.token)
  raws.push(last)
  const rxMs = median(ours)
  const rawMs = median(raws.map((raw) => raw.ms))
  const docsPerSec = (ms: number) => round(n / (ms / 1000), 0)
  const firstSync = {
    docs: n,
    rxdbDocsPerSec: docsPerSec(rxMs),
    rxdbRuns: ours.map((ms) => docsPerSec(ms)),
    rawDocsPerSec: docsPerSec(rawMs),
    rawRuns: raws.map((raw) => `${docsPerSec(raw.ms)} (${raw.batch})`),
    ratio: round(rawMs / rxMs, 3),
    longestMainThreadStallMs: round(Math.max(...stalls), 0),
    target: '≥ 5,000 docs/s and ≥ 0.5× raw',
    note:
      `medians of ${ROUNDS} fresh-device downloads (from navigation start, app boot included) and of ` +
      `${raws.length} raw runs between and after them (each the faster of fetch + Dexie bulkPut with ` +
      `${RAW_PAGES.join(' and ')}-document pages)`,
  }
  return { firstSync, page: page!, rawDbName: last.dbName }
}

export function firstSyncRow(f: Awaited<ReturnType<typeof benchFirstSync>>['firstSync']): string {
  return (
    `| (b) first sync of a new device, ${f.docs} docs, median | ${f.rxdbDocsPerSec} docs/s ` +
    `(runs ${f.rxdbRuns.join(', ')}; longest main-thread stall ${f.longestMainThreadStallMs} ms) | ` +
    `${f.rawDocsPerSec} docs/s (fetch + bulkPut; runs ${f.rawRuns.join(', ')}) | ` +
    `${f.ratio} | ≥ 5,000 docs/s and ≥ 0.5 |`
  )
}

/**
 * Watches the main thread's long tasks (PerformanceObserver 'longtask': tasks over 50 ms) and the
 * moment the newest entry's row is on screen. Armed on the login page: signing in keeps the document.
 */
const PROFILE_PROBE = (newest: string) => `(() => {
  const w = window
  w.__benchTasks = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__benchTasks.push([e.startTime, e.duration])
  }).observe({ type: 'longtask', buffered: true })
  const seen = () => {
    for (const row of document.querySelectorAll('[data-testid="transaction-item"]')) {
      if (row.textContent && row.textContent.includes(${JSON.stringify(newest)})) {
        w.__benchNewestAt = performance.now()
        return
      }
    }
    setTimeout(seen, 16)
  }
  seen()
})()`

export interface ProfileRun {
  /** ms from the sign-in answer until the newest entry's row is on screen. */
  newestMs: number
  /** ms from the sign-in answer until the database is open. */
  dbOpenMs: number
  /** ms from the sign-in answer until every collection's first download is done. */
  downloadMs: number
  /** The longest main-thread task between the sign-in answer and the end of the download. */
  longestTaskMs: number
  longTasks: number
  /** The raw baseline in the same page afterwards, same throttle (the faster page size). */
  rawMs: number
  /** The same, into a table with the app's store's indexes and rows shaped as RxDB stores them. */
  rawStoreMs: number
}

type ProbeWindow = Window & { __benchTasks: [number, number][]; __benchNewestAt?: number }

/**
 * One new device: signs in through /login (the clock starts when the sign-in answer has arrived)
 * and goes on to `path` (/home, where the app lands, or /transactions, opened as soon as /home is
 * reached), until the download is done and the newest entry has been shown; then the raw baseline
 * runs in the same page on the same throttle.
 */
async function profileRun(
  browser: Browser,
  server: ServerProcess,
  account: Account,
  options: { n: number; profile: DeviceProfile; path: '/home' | '/transactions'; newest: string },
): Promise<ProfileRun> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options.profile.context })
  await context.addInitScript(() => localStorage.setItem('hisaabDebug', '1'))
  await context.addInitScript('globalThis.__name = (fn) => fn')
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.profile.cpuRate })
  await page.goto(`${server.url}/login`)
  await page.getByLabel('Email').fill(account.user.email)
  await page.getByLabel('Password', { exact: true }).fill('bench-password')
  await page.evaluate(PROFILE_PROBE(options.newest))
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/home$/)
  if (options.path === '/transactions') {
    await page.evaluate(() => {
      history.pushState({}, '', '/transactions')
      dispatchEvent(new PopStateEvent('popstate'))
    })
  }
  const doneAt = await waitForFirstSync(page, options.n)
  await page.waitForFunction(() => (window as unknown as ProbeWindow).__benchNewestAt !== undefined, undefined, {
    timeout: 120_000,
  })
  const figures = await page.evaluate((doneAt) => {
    const w = window as unknown as ProbeWindow
    const answer = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/api/auth/login')) as PerformanceResourceTiming
    // The measure (from the open's start to the database being open), not the mark where it starts.
    const open = performance.getEntriesByName('hisaab:db-open', 'measure')[0]
    const during = w.__benchTasks.filter(([start]) => start >= answer.responseEnd && start <= doneAt)
    return {
      answerAt: answer.responseEnd,
      newestAt: w.__benchNewestAt!,
      dbOpenAt: open ? open.startTime + open.duration : Number.NaN,
      longest: Math.max(0, ...during.map(([, duration]) => duration)),
      tasks: during.length,
    }
  }, doneAt)
  const token = await page.evaluate(() => localStorage.getItem('hisaab.token')!)
  const raw = await fastestRaw(page, token)
  await dropRaw(page, raw.dbName)
  const rawStore = await rawFirstSync(page, token, raw.batch, await storeTable(page))
  await dropRaw(page, rawStore.dbName)
  await context.close()
  return {
    newestMs: figures.newestAt - figures.answerAt,
    dbOpenMs: figures.dbOpenAt - figures.answerAt,
    downloadMs: doneAt - figures.answerAt,
    longestTaskMs: figures.longest,
    longTasks: figures.tasks,
    rawMs: raw.ms,
    rawStoreMs: rawStore.ms,
  }
}

export interface ProfileResult {
  profile: DeviceProfile['name']
  docs: number
  home: ProfileRun[]
  transactions: ProfileRun[]
  medians: {
    homeNewestMs: number
    transactionsNewestMs: number
    dbOpenMs: number
    downloadMs: number
    longestTaskMs: number
    rawMs: number
    ratio: number
    rawStoreMs: number
    storeRatio: number
  }
}

/**
 * The first download on one device profile, `rounds` times on /home and on /transactions, each
 * followed by the raw baseline in the same page (medians measured side by side).
 */
export async function benchFirstSyncProfile(
  browser: Browser,
  server: ServerProcess,
  account: Account,
  options: { n: number; profile: DeviceProfile; newest: string; rounds: number },
): Promise<ProfileResult> {
  const home: ProfileRun[] = []
  const transactions: ProfileRun[] = []
  for (let i = 0; i < options.rounds; i++) {
    home.push(await profileRun(browser, server, account, { ...options, path: '/home' }))
    transactions.push(await profileRun(browser, server, account, { ...options, path: '/transactions' }))
  }
  const all = [...home, ...transactions]
  const downloadMs = median(all.map((r) => r.downloadMs))
  const rawMs = median(all.map((r) => r.rawMs))
  const rawStoreMs = median(all.map((r) => r.rawStoreMs))
  return {
    profile: options.profile.name,
    docs: options.n,
    home,
    transactions,
    medians: {
      homeNewestMs: round(median(home.map((r) => r.newestMs)), 0),
      transactionsNewestMs: round(median(transactions.map((r) => r.newestMs)), 0),
      dbOpenMs: round(median(all.map((r) => r.dbOpenMs)), 0),
      downloadMs: round(downloadMs, 0),
      longestTaskMs: round(Math.max(...all.map((r) => r.longestTaskMs)), 0),
      rawMs: round(rawMs, 0),
      ratio: round(rawMs / downloadMs, 3),
      rawStoreMs: round(rawStoreMs, 0),
      storeRatio: round(rawStoreMs / downloadMs, 3),
    },
  }
}

export function firstSyncProfileRow(r: ProfileResult): string {
  const m = r.medians
  return (
    `| (b) first sync, ${r.profile}, ${r.docs} docs | newest on /home ${m.homeNewestMs} ms, on /transactions ` +
    `${m.transactionsNewestMs} ms; DB open ${m.dbOpenMs} ms; longest task ${m.longestTaskMs} ms; ` +
    `download ${m.downloadMs} ms | raw ${m.rawMs} ms (into the store's own indexes and row shape: ` +
    `${m.rawStoreMs} ms, ${m.storeRatio}) | ${m.ratio} | ` +
    'phone: newest ≤ 2,000 ms, tasks ≤ 200 ms, ≥ 0.6× raw |'
  )
}
