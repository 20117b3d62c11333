import { randomUUID } from 'node:crypto'
import { EXPENSE_CATEGORIES, INCOME_SOURCES } from '../schema/categories'
import { invertTime } from '../schema/entities/common'
import type { ServerProcess } from '../tests/e2e/support/server'

/** n transactions spread over the last two years, deterministic amounts, one owner. */
export function makeTransactions(ownerId: string, n: number, now = Date.now()) {
  const span = 2 * 365 * 86_400_000
  return Array.from({ length: n }, (_, i) => {
    const date = now - Math.floor((i / n) * span) - 60_000
    const income = i % 10 === 0
    return {
      id: randomUUID(),
      ownerId,
      updatedAt: now,
      type: income ? 'income' : 'expense',
      amount: 1 + ((i * 7919) % 500_000),
      category: income ? INCOME_SOURCES[0] : EXPENSE_CATEGORIES[i % EXPENSE_CATEGORIES.length]!,
      description: `bench ${i}`,
      date,
      dateDesc: invertTime(date),
      origin: 'app',
    }
  })
}

export interface Account {
  token: string
  user: { id: string; email: string; name: string | null }
}

export async function registerAccount(server: ServerProcess, label: string): Promise<Account> {
  const res = await server.api<Account>('POST', '/auth/register', undefined, {
    email: `${label}.${Date.now()}@bench.local`,
    password: 'bench-password',
    name: label,
  })
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

/** Stores documents through the sync push route, 1,000 per request (the route's limit). */
export async function pushAll(server: ServerProcess, token: string, collection: string, docs: object[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 1000) {
    const rows = docs.slice(i, i + 1000).map((newDocumentState) => ({ newDocumentState }))
    const res = await server.api<unknown[]>('POST', `/sync/${collection}/push`, token, rows)
    if (res.status !== 200 || res.body.length !== 0) throw new Error(`push failed: ${res.status}`)
  }
}
