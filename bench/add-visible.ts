import type { Page } from '@playwright/test'
import { percentile } from './stats'

/**
 * Add → visible (issue #15): from inserting a new newest expense (RxDB insert, as the app's write
 * path does) to /home's live recent-transactions query emitting it, on /home with replication live and the
 * stored set in place. Baseline in the same page: raw Dexie put + the same indexed read
 * (`dateDesc`, first 5) on a plain IndexedDB table holding the same set.
 */
export async function benchAddVisible(page: Page, origin: string, rawDbName: string, samples: number) {
  await page.goto(`${origin}/home`)
  // The live screen (not the saved one /home paints first) with the database open.
  await page.locator('.home:not([data-snapshot]) [data-testid="transaction-item"]').first().waitFor()
  await page.waitForFunction(() => window.__hisaab !== undefined)
  const result = await page.evaluate(
    async ({ rawDbName, samples }) => {
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
        // A user adds at human pace: let replication push between adds.
        await new Promise((r) => setTimeout(r, 20))
      }
      sub.unsubscribe()

      const raw = new Dexie(rawDbName)
      raw.version(1).stores({ tx: 'id, date, dateDesc, [type+date], updatedAt' })
      await raw.open()
      const base: number[] = []
      for (let i = 0; i < samples; i++) {
        const d = doc(samples + i)
        const t0 = performance.now()
        await raw.table('tx').put(d)
        await raw.table('tx').orderBy('dateDesc').limit(5).toArray()
        base.push(performance.now() - t0)
        await new Promise((r) => setTimeout(r, 20))
      }
      raw.close()
      return { rx, base }
    },
    { rawDbName, samples },
  )
  const p95 = percentile(result.rx, 95)
  const rawP95 = percentile(result.base, 95)
  return {
    samples,
    p50: percentile(result.rx, 50),
    p95,
    rawP50: percentile(result.base, 50),
    rawP95,
    ratioP95: p95 / rawP95,
    target: 'p95 ≤ 16 ms and ≤ 2× raw',
  }
}
