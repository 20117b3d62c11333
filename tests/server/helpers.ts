import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { PublicUser } from '../../schema/api/auth'
import { invertTime } from '../../schema/entities/common'
import type { LoanPayment } from '../../schema/entities/loan'
import type { Transaction } from '../../schema/entities/transaction'
import { buildApp } from '../../sync-server/app'
import type { BuildOptions } from '../../sync-server/app'
import { loadConfig } from '../../sync-server/config'
import type { AppConfig } from '../../sync-server/config'
import { freshDatabase } from './pg-databases'

export interface TestApp {
  app: FastifyInstance
  config: AppConfig
  dir: string
  close: () => Promise<void>
}

/** A PostgreSQL server for the tests that need one (scripts/pg-test-cluster.sh; .ci/run starts one). */
export const PG_SERVER_URL = process.env.TEST_DATABASE_URL || undefined

/** Set when the whole suite runs on PostgreSQL instead of SQLite files (`npm run test:server:pg`). */
export const TEST_DATABASE_URL = process.env.TEST_ENGINE === 'pg' ? PG_SERVER_URL : undefined

/**
 * A server on a real SQLite file in a fresh temp directory, or on a fresh PostgreSQL database
 * (dropped on close) when the suite runs on PostgreSQL; `engine` picks one whatever the suite
 * runs on. Rate limits raised out of the way.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
  { engine, ...options }: BuildOptions & { engine?: 'pg' | 'sqlite' } = {},
): Promise<TestApp> {
  const dir = await mkdtemp(join(tmpdir(), 'paisa-server-'))
  const pgUrl = engine === 'pg' ? PG_SERVER_URL : engine === 'sqlite' ? undefined : TEST_DATABASE_URL
  const database = pgUrl && !env.DATABASE_URL ? await freshDatabase(pgUrl) : null
  const config: AppConfig = {
    ...loadConfig({
      ...(database ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: dir,
      STATIC_DIR: join(dir, 'no-build'),
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'admin-password',
      AUTH_RATE_LIMIT_MAX: '100000',
      ...env,
    }),
    ...overrides,
  }
  const app = await buildApp(config, { print: () => {}, ...options }).catch(async (error: unknown) => {
    await database?.drop()
    throw error
  })
  return {
    app,
    config,
    dir,
    close: async () => {
      await app.close()
      await database?.drop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export interface Session {
  user: PublicUser
  token: string
  headers: { authorization: string }
}

let counter = 0

export async function register(app: FastifyInstance, body: Record<string, unknown> = {}): Promise<Session> {
  counter += 1
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email: `user${counter}-${Date.now()}@example.com`,
      password: 'secret123',
      name: `User ${counter}`,
      ...body,
    },
  })
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`)
  const { user, token } = res.json<{ user: PublicUser; token: string }>()
  return { user, token, headers: { authorization: `Bearer ${token}` } }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

let idCounter = 0

/** A valid transaction document as a client would push it. */
export function transactionDoc(ownerId: string, overrides: Partial<Transaction> = {}): Transaction {
  idCounter += 1
  const date = overrides.date ?? Date.now() - idCounter * 1000
  return {
    id: `tx-${idCounter}-${Math.random().toString(36).slice(2, 8)}`,
    ownerId,
    type: 'expense',
    amount: 50_000,
    category: 'Food & Dining',
    description: '',
    date,
    dateDesc: invertTime(date),
    origin: 'app',
    updatedAt: Date.now(),
    ...overrides,
  }
}

/** A regular UPI payment of `rupees`, all principal, dated `at`, as a client would push it. */
export function loanPaymentDoc(ownerId: string, loanId: string, id: string, rupees: number, at: number): LoanPayment {
  return {
    id,
    ownerId,
    updatedAt: at,
    loanId,
    amount: rupees * 100,
    principalPaid: rupees * 100,
    interestPaid: 0,
    date: at,
    type: 'regular',
    method: 'upi',
    note: '',
    refused: null,
  }
}

/** Every field the tests read from a response body, so `res.json<Body>()` stays typed. */
export interface Body {
  id: string
  amount: number
  category?: string
  source?: string
  date: string
  description: string
  updated_at: string
  error: string
  code?: string
  details?: unknown
  user: PublicUser
  token: string
  success: boolean
  documents: ({ id: string; ownerId: string; _deleted: boolean } & Record<string, unknown>)[]
  checkpoint: { seq: number }
}

/** A JSON body as the tests read it: any fields, and the error message when there is one. */
export type Json = Record<string, unknown> & { error?: string }

/** A REST call as `s`, answered with its status and JSON body. */
export async function callAs(
  app: FastifyInstance,
  s: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await app.inject({ method, url, headers: s.headers, payload: payload as never })
  return { status: res.statusCode, body: res.json<Json>() }
}
