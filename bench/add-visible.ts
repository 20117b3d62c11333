import type { Page } from '@playwright/test'
import { RAW_TX_INDEXES } from './first-sync'
import { percentile } from './stats'

/**
 * How long to wait between adds. A person adds one entry after another seconds apart; at 250 ms
 * each add's push, its echo on the event stream and the pending recount (100 ms after a push is
 * recorded) are over before the next add. At 20 ms (a burst no person types) each add lands on
 * the previous add's push, which leaves at about 17 ms.
 */
export const HUMAN_PACE_MS = 250
export const BURST_PACE_MS = 20

/**
 * Add → visible: from inserting a new newest expense (RxDB insert, as the app's write
 * path does) to /home's live recent-transactions query emitting it, on /home with replication live and the
 * stored set in place, one add every `gapMs`. Baseline in the same page at the same pace: raw
 * Dexie put + the same indexed read (`dateDesc`, first 5) on a plain IndexedDB table holding the same set.
 */
export async function benchAddVisible(page: Page, origin: string, rawDbName: string, samples: number, gapMs: number) {
  await page.goto(`${origin}/home`)
  // The live screen (not the saved one /home paints first) with the database open.
  await page.locator('.home:not([data-snapshot]) [data-testid="transaction-item"]').first().waitFor()
  await page.waitForFunction(() => window.__hisaab !== undefined)
  const result = await page.evaluate(
    async ({ rawDbName, samples, gapMs, indexes }) => {
      const { db, Dexie } = window.__hisaab!
      // The same query /home subscribes to (src/data/transactions.ts recentTransactions$).
      const recent = db.transactions.find({
        selector: { dateDesc: { $gte: 0 } },
        sort: [{ dateDesc: 'asc' }],
        limit: 5,
      })
      let waiter: { id: string; resolve: (t: number) => void } | null = null
      const sub = recent.$.subscribe((docs: { id: string }[]) => {
        const w = waiter
        if (w && docs.some((d) => d.id === w.id)) {
          waiter = null
          w.resolve(performance.now())
        }
      })
      await new Promise((r) => setTimeout(r, 300))
      const ownerId = (await db.transactions.findOne().exec())!.ownerId
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
      const rx: number[] = []
      for (let i = 0; i < samples; i++) {
        const d = doc(i)
        const seen = new Promise<number>((resolve) => (waiter = { id: d.id, resolve }))
        const t0 = performance.now()
        await db.transactions.insert(d)
        rx.push((await seen) - t0)
        await new Promise((r) => setTimeout(r, gapMs))
      }
      sub.unsubscribe()

      const raw = new Dexie(rawDbName)
      raw.version(1).stores({ tx: indexes })
      await raw.open()
      const base: number[] = []
      for (let i = 0; i < samples; i++) {
        const d = doc(samples + i)
        const t0 = performance.now()
        await raw.table('tx').put(d)
        await raw.table('tx').orderBy('dateDesc').limit(5).toArray()
        base.push(performance.now() - t0)
        await new Promise((r) => setTimeout(r, gapMs))
      }
      raw.close()
      return { rx, base }
    },
    { rawDbName, samples, gapMs, indexes: RAW_TX_INDEXES },
  )
  const p95 = percentile(result.rx, 95)
  const rawP95 = percentile(result.base, 95)
  return {
    samples,
    gapMs,
    p50: percentile(result.rx, 50),
    p95,
    rawP50: percentile(result.base, 50),
    rawP95,
    ratioP95: p95 / rawP95,
    target: 'p95 ≤ 16 ms and ≤ 2× raw',
  }
}
