import { randomUUID } from 'node:crypto'
import type { Page, Request, Response } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import { apiLogin, signedInContext } from './support/flows'
import type { ServerProcess } from './support/server'

/**
 * A new device's first download (src/data/snapshot.ts) writes the server's documents
 * without RxDB's replication metadata and then replicates from the snapshot's checkpoints. Edits
 * made on that device and on another one during and after the download must all survive and
 * both must end with the server's state; the downloaded documents are never pushed back.
 */
/** The client's first-download page (SNAPSHOT_PAGE in src/data/snapshot.ts). */
const PAGE = 1_000

// The seed goes up faster than a device may push (documents per minute); that limit is not under test here.
test.use({ serverEnv: { SYNC_PUSH_MAX_PER_MINUTE: '1000000' } })
const SEEDED = 11_000 // twelve snapshot pages

type Doc = Record<string, unknown> & { id: string; amount: number; updatedAt: number }
type ServerDoc = Doc & { _deleted: boolean }

function seedDocs(ownerId: string, now: number): Doc[] {
  return Array.from({ length: SEEDED }, (_, i) => {
    const date = now - i * 60_000
    return {
      id: randomUUID(),
      ownerId,
      updatedAt: now - 3_600_000,
      type: 'expense',
      amount: 1_000 + i,
      category: 'Shopping',
      description: `seeded ${i}`,
      date,
      dateDesc: 1e14 - date,
      origin: 'app',
    }
  })
}

async function serverDocs(server: ServerProcess, token: string): Promise<Map<string, ServerDoc>> {
  const docs = new Map<string, ServerDoc>()
  let seq = 0
  for (;;) {
    const res = await server.api<{ documents: ServerDoc[]; checkpoint: { seq: number } }>(
      'GET',
      `/sync/transactions/pull?seq=${seq}&limit=5000`,
      token,
    )
    for (const doc of res.body.documents) docs.set(doc.id, doc)
    if (res.body.documents.length < 5000) return docs
    seq = res.body.checkpoint.seq
  }
}

/** The other device: pushes an edit with the state it last saw, as a replicating device does. */
async function otherDeviceEdit(
  server: ServerProcess,
  token: string,
  known: Map<string, ServerDoc>,
  id: string,
  change: Partial<ServerDoc>,
) {
  const current = known.get(id)!
  const next = { ...current, ...change, updatedAt: Date.now() }
  const res = await server.api<unknown[]>('POST', '/sync/transactions/push', token, [
    { assumedMasterState: current, newDocumentState: next },
  ])
  expect(res.status).toBe(200)
  expect(res.body).toEqual([])
  known.set(id, next)
}

/** An edit on the new device, through its RxDB collection (as the app's screens write). */
function deviceEdit(page: Page, id: string, amount: number) {
  return page.evaluate(
    async ({ id, amount }) => {
      const doc = await window.__hisaab!.db.transactions.findOne(id).exec()
      if (!doc) throw new Error(`missing ${id}`)
      await doc.incrementalPatch({ amount, updatedAt: Date.now() })
    },
    { id, amount },
  )
}

function deviceState(page: Page) {
  return page.evaluate(async () => {
    const docs = await window.__hisaab!.db.transactions.find().exec()
    return Object.fromEntries(docs.map((d) => [d.id, `${d.amount}@${d.updatedAt}`]))
  })
}

test('edits on two devices during and after a first download all survive and both converge', async ({
  browser,
  server,
}) => {
  test.setTimeout(90_000)
  const user = newUser('firstsync')
  await server.api('POST', '/auth/register', undefined, { email: user.email, password: user.password })
  const { token, userId } = await apiLogin(server, user)
  const me = await server.api<{ user: unknown }>('GET', '/auth/me', token)
  const seeded = seedDocs(userId, Date.now())
  for (let i = 0; i < SEEDED; i += 1000) {
    const rows = seeded.slice(i, i + 1000).map((newDocumentState) => ({ newDocumentState }))
    expect((await server.api('POST', '/sync/transactions/push', token, rows)).status).toBe(200)
  }
  const id = (i: number) => seeded[i]!.id
  const known = await serverDocs(server, token)

  const context = await signedInContext(browser, server, token, me.body.user)
  // Holds the second and third snapshot pages so the edits below land while the download runs.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(new RegExp(`/api/sync/transactions/pull\\?seq=[1-9]\\d*&limit=${PAGE}`), async (route) => {
    await held
    await route.continue()
  })
  const pushedRows: number[] = []
  // Documents that replication's own pulls (500 a page) brought after the download: the edits made
  // elsewhere since, never the downloaded pages again (it starts from the download's checkpoint).
  const repulled: number[] = []
  const page = await context.newPage()
  page.on('request', (request: Request) => {
    if (request.url().includes('/sync/transactions/push'))
      pushedRows.push((JSON.parse(request.postData()!) as unknown[]).length)
  })
  page.on('response', async (response: Response) => {
    if (!/\/sync\/transactions\/pull\?.*limit=500(?!\d)/.test(response.url())) return
    repulled.push(((await response.json()) as { documents: unknown[] }).documents.length)
  })
  await page.goto('/home')
  await expect(page.getByRole('progressbar', { name: 'Downloading your data' })).toBeVisible()
  await expect
    .poll(() => page.evaluate(() => window.__hisaab?.db.transactions.count().exec()), {
      timeout: 30_000,
    })
    .toBe(PAGE)
  // The written page reached the live screens (the newest seeded transactions are in page one).
  await expect(page.getByTestId('transaction-item').first()).toContainText('seeded 0')

  // During the download: both devices edit documents of the first page (on the device already),
  // and the other device edits and deletes documents of pages still to come.
  await otherDeviceEdit(server, token, known, id(0), { amount: 10 })
  await deviceEdit(page, id(1), 11) // the device's edit is newer: it wins
  await otherDeviceEdit(server, token, known, id(1), { amount: 12 })
  await deviceEdit(page, id(1), 13)
  await otherDeviceEdit(server, token, known, id(10_900), { amount: 14 })
  await otherDeviceEdit(server, token, known, id(10_901), { _deleted: true })
  const added = await page.evaluate(async (ownerId) => {
    const now = Date.now()
    const doc = await window.__hisaab!.db.transactions.insert({
      id: crypto.randomUUID(),
      ownerId,
      updatedAt: now,
      type: 'income',
      amount: 15,
      category: 'Salary',
      description: 'added during the download',
      date: now,
      dateDesc: 1e14 - now,
      origin: 'app',
    })
    return doc.id
  }, userId)
  release()
  await expect(page.getByRole('progressbar', { name: 'Downloading your data' })).toHaveCount(0, { timeout: 30_000 })

  // After the download: both devices edit again.
  await deviceEdit(page, id(2), 16)
  await otherDeviceEdit(server, token, known, id(3), { amount: 17 })
  await otherDeviceEdit(server, token, known, id(6_000), { amount: 18 })

  const expected = {
    [id(0)]: 10,
    [id(1)]: 13,
    [id(10_900)]: 14,
    [added]: 15,
    [id(2)]: 16,
    [id(3)]: 17,
    [id(6_000)]: 18,
  }
  await expect
    .poll(
      async () => {
        const onServer = await serverDocs(server, token)
        const live = [...onServer.values()].filter((d) => !d._deleted)
        const want = Object.fromEntries(live.map((d) => [d.id, `${d.amount}@${d.updatedAt}`]))
        const have = await deviceState(page)
        const differences = Object.keys({ ...want, ...have }).filter((k) => want[k] !== have[k])
        const lost = Object.entries(expected).filter(([k, amount]) => onServer.get(k)?.amount !== amount)
        return { differences: differences.length, lost: lost.length, deleted: onServer.get(id(10_901))?._deleted }
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toEqual({ differences: 0, lost: 0, deleted: true })
  expect(await page.evaluate(() => window.__hisaab!.db.transactions.count().exec())).toBe(SEEDED)
  // Only the device's own edits went up, never the downloaded documents; none came down twice.
  expect(pushedRows.reduce((a, b) => a + b, 0)).toBeLessThan(20)
  expect(repulled.reduce((a, b) => a + b, 0)).toBeLessThan(20)
  await context.close()
})
