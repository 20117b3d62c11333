import type { Browser, Page } from '@playwright/test'
import type { ServerProcess } from '../tests/e2e/support/server'
import { signedInPage } from './browser'
import { waitForFirstSync } from './first-sync'
import type { Account } from './seed'
import { percentile, round } from './stats'

/**
 * In the watching tab: the live recent-5 query of /home records when each id first appears, and a
 * BroadcastChannel records when each baseline message arrives (both on the shared wall clock).
 */
async function watch(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const w = window as unknown as { __seen: Record<string, number> }
    w.__seen = {}
    const clock = () => performance.timeOrigin + performance.now()
    window
      .__hisaab!.db.transactions.find({ selector: {}, sort: [{ dateDesc: 'asc' }], limit: 5 })
      .$.subscribe((docs) => {
        for (const doc of docs) w.__seen[doc.id] ??= clock()
      })
    new BroadcastChannel('bench-multi-tab').onmessage = (event: MessageEvent<string>) => {
      w.__seen[event.data] ??= clock()
    }
    await new Promise((r) => setTimeout(r, 200))
  })
}

/** Adds one newest transaction (or posts a baseline message) in `page`; returns when, on the wall clock. */
async function add(page: Page, ownerId: string, i: number, baseline: boolean): Promise<{ id: string; at: number }> {
  return page.evaluate(
    async ({ ownerId, i, baseline }) => {
      const id = crypto.randomUUID()
      const at = performance.timeOrigin + performance.now()
      if (baseline) {
        new BroadcastChannel('bench-multi-tab').postMessage(id)
        return { id, at }
      }
      const date = Date.now()
      await window.__hisaab!.db.transactions.insert({
        id,
        ownerId,
        updatedAt: date,
        type: 'expense',
        amount: 100 + i,
        category: 'Food & Dining',
        description: `tab ${i}`,
        date,
        dateDesc: 1e14 - date,
        origin: 'app',
      })
      return { id, at }
    },
    { ownerId, i, baseline },
  )
}

async function seenAt(page: Page, id: string): Promise<number> {
  const handle = await page.waitForFunction(
    (id) => (window as unknown as { __seen: Record<string, number> }).__seen[id],
    id,
    { polling: 5, timeout: 10_000 },
  )
  return (await handle.jsonValue()) as number
}

/**
 * (h) Two tabs of one browser on /home: an expense added in one tab until the other tab's live
 * query shows it (only one tab replicates; the other learns of the write through RxDB's
 * multi-instance events). Baseline: a BroadcastChannel message between the same two tabs.
 */
export async function benchMultiTab(browser: Browser, server: ServerProcess, account: Account, samples: number) {
  const writer = await signedInPage(browser, server, account)
  const reader = await writer.context().newPage()
  await writer.goto(`${server.url}/home`)
  await waitForFirstSync(writer, 0) // a new context: its first download must not overlap the samples
  await reader.goto(`${server.url}/home`)
  await reader.waitForFunction(() => window.__hisaab !== undefined)
  await watch(reader)
  const ours: number[] = []
  const raw: number[] = []
  for (let i = 0; i < samples; i++) {
    const added = await add(writer, account.user.id, i, false)
    ours.push((await seenAt(reader, added.id)) - added.at)
    const posted = await add(writer, account.user.id, i, true)
    raw.push((await seenAt(reader, posted.id)) - posted.at)
  }
  await writer.context().close()
  const summary = (values: number[]) => ({
    p50: round(percentile(values, 50)),
    p95: round(percentile(values, 95)),
    samples: values.length,
  })
  return { ours: summary(ours), broadcastChannel: summary(raw), target: 'p95 ≤ 100 ms' }
}

export function multiTabRow(m: Awaited<ReturnType<typeof benchMultiTab>>): string {
  return (
    `| (h) add in one tab → visible in another tab's live query, p95 | ${m.ours.p95} ms (p50 ${m.ours.p50} ms, ` +
    `${m.ours.samples} adds) | ${m.broadcastChannel.p95} ms (a BroadcastChannel message) | ` +
    `${round(m.ours.p95 / m.broadcastChannel.p95, 1)}× | ≤ 100 ms |`
  )
}
