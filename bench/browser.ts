import type { Browser, Page } from '@playwright/test'
import type { ServerProcess } from '../tests/e2e/support/server'
import type { Account } from './seed'
import { percentile } from './stats'

/** A page of the built app signed in as `account`, with the debug handle enabled. */
export async function signedInPage(browser: Browser, server: ServerProcess, account: Account): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('hisaabDebug', '1')
      localStorage.setItem('hisaab.token', token)
      localStorage.setItem('hisaab.user', JSON.stringify(user))
    },
    { token: account.token, user: account.user },
  )
  // tsx (esbuild, keepNames) wraps named functions in functions passed to page.evaluate with __name().
  await context.addInitScript('globalThis.__name = (fn) => fn')
  const page = await context.newPage()
  return page
}

export interface LatencyResult {
  p50: number
  p95: number
  samples: number
}

/**
 * (a) From `insert` of a new newest transaction to the live home queries emitting it, with the
 * stored set in place; baseline: raw Dexie put + the same indexed read.
 */
export async function insertToQueryLatency(page: Page, ownerId: string, rawDbName: string, samples: number) {
  const result = await page.evaluate(
    async ({ ownerId, rawDbName, samples }) => {
      const { db, Dexie } = window.__hisaab!
      const now = new Date()
      const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime()
      const monthEnd = new Date(now.getFullYear(), now.getMonth() + 1, 1).getTime()
      const recent = db.transactions.find({ selector: {}, sort: [{ dateDesc: 'asc' }], limit: 5 })
      const month = db.transactions.find({
        selector: { date: { $gte: monthStart, $lt: monthEnd } },
        sort: [{ date: 'asc' }],
      })

      type Waiter = { id: string; resolve: (t: number) => void } | null
      const watch = (query: {
        $: { subscribe: (f: (docs: { id: string }[]) => void) => { unsubscribe: () => void } }
      }) => {
        const state: { waiter: Waiter } = { waiter: null }
        const sub = query.$.subscribe((docs) => {
          const w = state.waiter
          if (w && docs.some((d) => d.id === w.id)) {
            state.waiter = null
            w.resolve(performance.now())
          }
        })
        return { state, sub }
      }
      const recentWatch = watch(recent)
      const monthWatch = watch(month)
      await new Promise((r) => setTimeout(r, 200))

      const doc = (i: number) => {
        const date = Date.now() + i
        return {
          id: crypto.randomUUID(),
          ownerId,
          updatedAt: Date.now(),
          type: 'expense' as const,
          amount: 100 + i,
          category: 'Food & Dining',
          description: `latency ${i}`,
          date,
          dateDesc: 1e14 - date,
          origin: 'app' as const,
        }
      }
      const rxRecent: number[] = []
      const rxMonth: number[] = []
      for (let i = 0; i < samples; i++) {
        const d = doc(i)
        const gotRecent = new Promise<number>((resolve) => (recentWatch.state.waiter = { id: d.id, resolve }))
        const gotMonth = new Promise<number>((resolve) => (monthWatch.state.waiter = { id: d.id, resolve }))
        const t0 = performance.now()
        await db.transactions.insert(d)
        rxRecent.push((await gotRecent) - t0)
        rxMonth.push((await gotMonth) - t0)
      }
      recentWatch.sub.unsubscribe()
      monthWatch.sub.unsubscribe()

      const raw = new Dexie(rawDbName)
      raw.version(1).stores({ tx: 'id, date, dateDesc, [type+date], [type+dateDesc], updatedAt' })
      await raw.open()
      const rawRecent: number[] = []
      const rawMonth: number[] = []
      for (let i = 0; i < samples; i++) {
        const d = doc(samples + i)
        let t0 = performance.now()
        await raw.table('tx').put(d)
        await raw.table('tx').orderBy('dateDesc').limit(5).toArray()
        rawRecent.push(performance.now() - t0)
        const e = doc(2 * samples + i)
        t0 = performance.now()
        await raw.table('tx').put(e)
        await raw.table('tx').where('date').between(monthStart, monthEnd, true, false).toArray()
        rawMonth.push(performance.now() - t0)
      }
      const rawCount = await raw.table('tx').count()
      raw.close()
      return { rxRecent, rxMonth, rawRecent, rawMonth, rawCount }
    },
    { ownerId, rawDbName, samples },
  )
  const summary = (values: number[]): LatencyResult => ({
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    samples: values.length,
  })
  return {
    recent: { rxdb: summary(result.rxRecent), raw: summary(result.rawRecent) },
    month: { rxdb: summary(result.rxMonth), raw: summary(result.rawMonth) },
    rawStored: result.rawCount,
  }
}
