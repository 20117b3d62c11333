import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Transaction } from '../../schema/entities/transaction'
import { createTestApp, loanPaymentDoc, register, PG_SERVER_URL, transactionDoc } from './helpers'
import type { Session, TestApp } from './helpers'
import { freshDatabase } from './pg-databases'

/**
 * Pushes run side by side on PostgreSQL (README "Sync", PostgreSQL): two instances pushing the
 * same document from the same assumed state at the same time must not both be taken. Exactly one
 * wins; the other is answered with the winner's state as a conflict, and the table holds the
 * winner's. Needs TEST_DATABASE_URL; skipped without it.
 */
const SECRET = 'push-race-test-secret-of-at-least-32-characters'
const DOCUMENTS = 12
const ROUNDS = 4

describe.skipIf(!PG_SERVER_URL)('two pushes of one document at once on PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> }
  let apps: TestApp[] = []

  beforeAll(async () => {
    database = await freshDatabase(PG_SERVER_URL!)
    for (let i = 0; i < 2; i++)
      apps.push(await createTestApp({ DATABASE_URL: database.url, JWT_SECRET: SECRET }, {}, { jobs: false }))
  })

  afterAll(async () => {
    for (const t of apps) await t.close()
    apps = []
    await database?.drop()
  })

  async function push(t: TestApp, owner: Session, rows: unknown[]): Promise<{ id: string; description: string }[]> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/transactions/push',
      headers: owner.headers,
      payload: rows,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  it('takes exactly one of them and answers the other with a conflict', async () => {
    const [a, b] = apps as [TestApp, TestApp]
    const owner = await register(a.app)
    let docs: Transaction[] = Array.from({ length: DOCUMENTS }, () => transactionDoc(owner.user.id))
    expect(
      await push(
        a,
        owner,
        docs.map((doc) => ({ newDocumentState: doc })),
      ),
    ).toEqual([])
    for (let round = 0; round < ROUNDS; round++) {
      const edit = (doc: Transaction, by: string): Transaction => ({
        ...doc,
        description: `round ${round} by ${by}`,
        updatedAt: doc.updatedAt + 1,
      })
      // Each document pushed by both instances at once, from the state both devices last saw.
      const answers = await Promise.all(
        docs.flatMap((doc) =>
          (['a', 'b'] as const).map(async (by) => {
            const conflicts = await push(by === 'a' ? a : b, owner, [
              { assumedMasterState: { ...doc, _deleted: false }, newDocumentState: edit(doc, by) },
            ])
            return { id: doc.id, by, conflicts }
          }),
        ),
      )
      const next: Transaction[] = []
      for (const doc of docs) {
        const both = answers.filter((answer) => answer.id === doc.id)
        const won = both.filter((answer) => answer.conflicts.length === 0)
        expect(won, `round ${round}, ${doc.id}: both pushes were taken`).toHaveLength(1)
        const winner = won[0]!.by
        const lost = both.find((answer) => answer.by !== winner)!
        expect(lost.conflicts).toMatchObject([{ id: doc.id, description: `round ${round} by ${winner}` }])
        const stored = await a.app.documents.get('transactions', doc.id)
        expect(stored?.data).toMatchObject({ description: `round ${round} by ${winner}` })
        next.push(stored!.data as Transaction)
      }
      docs = next
    }
  }, 60_000)
})

/** 15 June 2026, noon local: the loan's date rules are checked against this day. */
const NOW = new Date(2026, 5, 15, 12).getTime()

describe.skipIf(!PG_SERVER_URL)('two pushes judged by the same documents at once on PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> }
  let apps: TestApp[] = []

  beforeAll(async () => {
    database = await freshDatabase(PG_SERVER_URL!)
    for (let i = 0; i < 2; i++)
      apps.push(
        await createTestApp({ DATABASE_URL: database.url, JWT_SECRET: SECRET }, {}, { jobs: false, now: () => NOW }),
      )
  })

  afterAll(async () => {
    for (const t of apps) await t.close()
    apps = []
    await database?.drop()
  })

  it('two payments of one loan from two instances, each fitting alone: the later one is not counted', async () => {
    const [a, b] = apps as [TestApp, TestApp]
    const owner = await register(a.app)
    for (let round = 0; round < 4; round++) {
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/loans',
        headers: owner.headers,
        payload: {
          loan_type: 'home',
          loan_name: `Flat ${round}`,
          loan_status: 'existing',
          start_date: '2025-06-01',
          principal_amount: 5000000,
          interest_rate: 8.5,
          interest_type: 'emi',
          loan_duration_months: 240,
          emi_amount: 8678.23,
          next_due_date: '2026-07-01',
          total_paid_so_far: 310000,
          current_balance: 4690000,
        },
      })
      expect(created.statusCode, created.body).toBe(201)
      const loanId = created.json<{ loan: { id: string } }>().loan.id
      // ₹30 L and ₹26.9 L each fit the ₹46.9 L owed; together they are ₹10 L too much.
      const ids = [`a-${loanId}`, `b-${loanId}`]
      const answers = await Promise.all(
        [a, b].map((t, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/sync/loan_payments/push',
            headers: owner.headers,
            payload: [
              { newDocumentState: loanPaymentDoc(owner.user.id, loanId, ids[i]!, i === 0 ? 3000000 : 2690000, NOW) },
            ],
          }),
        ),
      )
      for (const res of answers) expect(res.json()).toEqual([])
      const verdicts = await Promise.all(
        ids.map(async (id) => (await a.app.documents.getOwned('loan_payments', owner.user.id, id))?.data.refused),
      )
      expect(
        verdicts.filter((v) => v === null),
        `round ${round}: ${JSON.stringify(verdicts)}`,
      ).toHaveLength(1)
      expect(verdicts.filter((v) => v === 'over_balance')).toHaveLength(1)
    }
  }, 60_000)
})
