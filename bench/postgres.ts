import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { loadavg } from 'node:os'
import { promisify } from 'node:util'
import { freePort } from '../tests/e2e/support/server'
import { onServer, withDatabase } from '../tests/server/pg-databases'

const run = promisify(execFile)
const CLUSTER_SCRIPT = 'scripts/pg-test-cluster.sh'

/** A PostgreSQL server the bench may create databases in, or why there is none. */
export type BenchPostgres = { url: string; stop: () => Promise<void> } | { skipped: string }

/**
 * `BENCH_DATABASE_URL` when set (left running), else a throwaway cluster from
 * scripts/pg-test-cluster.sh, stopped and deleted by `stop`. Without PostgreSQL installed (or when
 * the cluster does not start) the answer says why, and the caller skips its PostgreSQL parts.
 * `script` is the cluster script (its start prints the URL; tests give another).
 */
export async function benchPostgres(script = CLUSTER_SCRIPT): Promise<BenchPostgres> {
  const given = process.env.BENCH_DATABASE_URL
  if (given) return { url: given, stop: () => Promise.resolve() }
  const env = { ...process.env, PG_TEST_PORT: String(await freePort()) }
  const stop = async () => {
    await run(script, ['stop'], { env }).catch(() => undefined)
  }
  try {
    const { stdout } = await run(script, ['start'], { env })
    return { url: stdout.trim(), stop }
  } catch (error) {
    await stop()
    const stderr = (error as { stderr?: string }).stderr?.trim()
    return { skipped: stderr || (error instanceof Error ? error.message : String(error)) }
  }
}

/**
 * A new empty database `bench_…` on the server at `serverUrl` (the first server process on it
 * applies the migrations); `drop` removes it, closing whatever is still connected.
 */
export async function benchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${randomUUID().replaceAll('-', '')}`
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`))
  return {
    url: withDatabase(serverUrl, name),
    drop: () => onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(),
  }
}

/** The 1-, 5- and 15-minute load averages, for the output of a run on a shared machine. */
export function loadAverage(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
}
