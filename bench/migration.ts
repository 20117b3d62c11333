import type { Browser } from '@playwright/test'
import { build } from 'esbuild'
import type { ServerProcess } from '../tests/e2e/support/server'
import { signedInPage } from './browser'
import { waitForFirstSync } from './first-sync'
import type { DeviceProfile } from './profiles'
import type { Account } from './seed'
import { median, round } from './stats'

/** Bundles bench/migration-page.ts for the browser, as the app's build would (production). */
async function pageScript(): Promise<string> {
  const result = await build({
    entryPoints: ['bench/migration-page.ts'],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    define: { 'import.meta.env': JSON.stringify({ DEV: false, PROD: true, MODE: 'production' }) },
    logLevel: 'error',
  })
  return result.outputFiles[0]!.text
}

export interface MigrationRun {
  /** Opening the collections with transactions one version ahead (the copy runs inside). */
  copyMs: number
  /** The same with RxDB's own migration, on another device that downloaded the same entries. */
  rxdbMs: number
}

/**
 * The first open after an app update that changes the transactions schema, on a device that
 * downloaded `n` entries: a new device downloads them with the built app, then a page in the same
 * origin opens its database with transactions one version ahead, once with the app's migration
 * (a copy) and once, on a second such device, with RxDB's own (the baseline), same throttle.
 */
export async function benchMigration(
  browser: Browser,
  server: ServerProcess,
  account: Account,
  options: { n: number; profile: DeviceProfile; rounds: number },
): Promise<{ runs: MigrationRun[]; copyMs: number; rxdbMs: number; ratio: number }> {
  const script = await pageScript()
  const once = async (copy: boolean): Promise<number> => {
    const page = await signedInPage(browser, server, account, options.profile.context)
    const context = page.context()
    await context.route(`${server.url}/bench-migration*`, (route) =>
      route.fulfill(
        route.request().url().endsWith('.js')
          ? { contentType: 'text/javascript', body: script }
          : {
              contentType: 'text/html',
              body: '<!doctype html><script type="module" src="/bench-migration.js"></script>',
            },
      ),
    )
    await page.goto(`${server.url}/home`)
    await waitForFirstSync(page, options.n)
    const dbName = await page.evaluate(() => window.__hisaab!.db.name)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.profile.cpuRate })
    await page.goto(`${server.url}/bench-migration.html?db=${encodeURIComponent(dbName)}&copy=${copy ? 1 : 0}`)
    await page.waitForFunction(() => window.__benchMigration !== undefined)
    const result = await page.evaluate(() => window.__benchMigration!)
    await context.close()
    if (result.transactions < options.n)
      throw new Error(`the migration kept ${result.transactions} of ${options.n} transactions`)
    return result.ms
  }
  const runs: MigrationRun[] = []
  for (let i = 0; i < options.rounds; i++) runs.push({ copyMs: await once(true), rxdbMs: await once(false) })
  const copyMs = median(runs.map((r) => r.copyMs))
  const rxdbMs = median(runs.map((r) => r.rxdbMs))
  return { runs, copyMs: round(copyMs, 0), rxdbMs: round(rxdbMs, 0), ratio: round(rxdbMs / copyMs, 2) }
}
