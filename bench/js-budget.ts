/**
 * JavaScript a first visit loads before the page paints, gzipped, per route: every script the
 * page fetched (entry, modulepreloads, lazy chunks) whose response ended before first-contentful-paint,
 * and, as a second column, before the largest contentful paint (the route's real content). Sizes are the
 * built files gzipped (level 9) from dist/, so they do not depend on how the server sends them.
 * Baseline: a page that only mounts React, built by Vite and gzipped the same way: the floor of any React page.
 *
 * Alone: `npm run build && node --import tsx bench/js-budget.ts`.
 */
import { chromium, type Browser } from '@playwright/test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { ServerProcess } from '../tests/e2e/support/server'
import { registerAccount, type Account } from './seed'
import { round } from './stats'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'

const PUBLIC_ROUTES = ['/', '/how-it-works', '/privacy', '/terms', '/contact', '/login']
export const JS_BUDGET_TARGET_KB = { public: 100, home: 200 }

export interface RouteJs {
  route: string
  finalPath: string
  beforeFcpKb: number
  beforeLcpKb: number
  scriptsBeforeFcp: number
  targetKb: number
}

export interface JsBudgetResult {
  routes: RouteJs[]
  baselineKb: number
  target: string
  method: string
}

const gzKb = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length / 1024

/** A page that only mounts React (react + react-dom), built and gzipped like the app: no React page loads less. */
async function reactFloorKb(): Promise<number> {
  const out = mkdtempSync(join(tmpdir(), 'react-floor-'))
  try {
    const code = "import { createRoot } from 'react-dom/client'\ncreateRoot(document.body).render(null)\n"
    await build({
      configFile: false,
      logLevel: 'silent',
      root: process.cwd(),
      plugins: [
        {
          name: 'react-floor',
          resolveId: (id) => (id === 'virtual:react-floor' ? '\0react-floor' : null),
          load: (id) => (id === '\0react-floor' ? code : null),
        },
      ],
      build: { target: 'es2022', outDir: out, rollupOptions: { input: 'virtual:react-floor' } },
    })
    const assets = join(out, 'assets')
    return round(
      readdirSync(assets).reduce((sum, file) => sum + gzKb(readFileSync(join(assets, file))), 0),
      1,
    )
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}

async function measure(browser: Browser, origin: string, route: string, account?: Account) {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  if (account) {
    await context.addInitScript(
      ({ token, user }) => {
        localStorage.setItem('hisaab.token', token)
        localStorage.setItem('hisaab.user', JSON.stringify(user))
      },
      { token: account.token, user: account.user },
    )
  }
  const page = await context.newPage()
  await page.goto(`${origin}${route}`, { waitUntil: 'load' })
  // Let lazy chunks and the first render settle, then read the paint and resource timings.
  await page.waitForTimeout(2_500)
  const timings = await page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries()
        resolve(entries[entries.length - 1]?.startTime ?? Number.NaN)
      }).observe({ type: 'largest-contentful-paint', buffered: true })
      setTimeout(() => resolve(Number.NaN), 1_000)
    })
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN
    const scripts = performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => new URL(e.name).pathname.endsWith('.js'))
      .map((e) => ({ path: new URL(e.name).pathname, end: e.responseEnd }))
    return { fcp, lcp, scripts, path: location.pathname }
  })
  await context.close()
  return timings
}

export async function benchJsBudget(browser: Browser, origin: string, account: Account): Promise<JsBudgetResult> {
  const dist = process.env.E2E_STATIC_DIR ?? 'dist'
  const sizes = new Map<string, number>()
  const sizeKb = (path: string) => {
    if (!sizes.has(path)) sizes.set(path, gzKb(readFileSync(join(dist, path))))
    return sizes.get(path)!
  }
  const routes: RouteJs[] = []
  const runs: { route: string; account?: Account; targetKb: number }[] = [
    ...PUBLIC_ROUTES.map((route) => ({ route, targetKb: JS_BUDGET_TARGET_KB.public })),
    { route: '/home', account, targetKb: JS_BUDGET_TARGET_KB.home },
    { route: '/demo', targetKb: JS_BUDGET_TARGET_KB.home },
  ]
  for (const { route, account: signedIn, targetKb } of runs) {
    const t = await measure(browser, origin, route, signedIn)
    const before = (ms: number) => t.scripts.filter((s) => s.end <= ms)
    const kb = (ms: number) =>
      round(
        before(ms).reduce((sum, s) => sum + sizeKb(s.path), 0),
        1,
      )
    routes.push({
      route,
      finalPath: t.path,
      beforeFcpKb: kb(t.fcp),
      beforeLcpKb: kb(Number.isNaN(t.lcp) ? t.fcp : t.lcp),
      scriptsBeforeFcp: before(t.fcp).length,
      targetKb,
    })
  }
  return {
    routes,
    baselineKb: await reactFloorKb(),
    target: `≤ ${JS_BUDGET_TARGET_KB.public} KB public pages and /login, ≤ ${JS_BUDGET_TARGET_KB.home} KB /home`,
    method: 'scripts whose response ended before first-contentful-paint (and LCP), dist files gzipped -9',
  }
}

/** The result as a markdown table for latest.md. */
export function jsBudgetMarkdown(result: JsBudgetResult): string {
  return [
    `JavaScript before first paint, gzipped (${result.method}); baseline: a page that only mounts React, ` +
      `${result.baselineKb} KB`,
    '',
    '| page | before FCP | scripts | before LCP | target |',
    '|---|---|---|---|---|',
    ...result.routes.map((r) => {
      const name = r.route === r.finalPath ? r.route : `${r.route} (→ ${r.finalPath})`
      const verdict = r.beforeFcpKb <= r.targetKb ? 'met' : 'not met'
      const figures = `${r.beforeFcpKb} KB | ${r.scriptsBeforeFcp} | ${r.beforeLcpKb} KB`
      return `| ${name} | ${figures} | ≤ ${r.targetKb} KB ${verdict} |`
    }),
    '',
  ].join('\n')
}

async function main() {
  const server = await ServerProcess.create({ LOG_LEVEL: 'warn' })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  try {
    const account = await registerAccount(server, 'jsbudget')
    const result = await benchJsBudget(browser, server.url, account)
    console.log(jsBudgetMarkdown(result))
  } finally {
    await browser.close()
    await server.dispose()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
