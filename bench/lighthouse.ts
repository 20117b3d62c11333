/**
 * Lighthouse, mobile preset (its default config: Moto G Power viewport, simulated slow 4G and
 * 4× CPU), first visit (storage cleared) of /, /login and /demo (→ /home) against the built app served by
 * the real server. Baseline in the same run: the same audit of a static page with no JavaScript, which
 * shows what this (shared, noisy) machine gives at best.
 *
 * Alone: `npm run build && node --import tsx bench/lighthouse.ts` (LH_RUNS=1 for a quick look).
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { createServer, type Server } from 'node:http'
import { pathToFileURL } from 'node:url'
import { ServerProcess } from '../tests/e2e/support/server'
import { median, round } from './stats'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'

/** LH_ROUTES=/demo,/ audits fewer pages when iterating; `npm run bench` audits all three. */
const ROUTES = process.env.LH_ROUTES?.split(',') ?? ['/', '/login', '/demo']
const RUNS = Number(process.env.LH_RUNS ?? 3)

export const LIGHTHOUSE_TARGET = { performance: 90, accessibility: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1 }

export interface LighthouseFigures {
  performance: number
  accessibility: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  finalUrl: string
}

export interface LighthouseResult {
  runs: number
  /** Per CPU slowdown (4, 10), per route. */
  routes: Record<number, Record<string, LighthouseFigures>>
  baseline: LighthouseFigures
  target: typeof LIGHTHOUSE_TARGET
  method: string
}

/** Lighthouse's default CPU slowdown, and the one for phones slower than its reference device. */
export const CPU_SLOWDOWNS = [4, 10] as const

async function auditOnce(url: string, port: number, cpuSlowdown: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  })
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(metric('first-contentful-paint')),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    tbtMs: Math.round(metric('total-blocking-time')),
    cls: round(metric('cumulative-layout-shift'), 3),
    finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
  }
}

/** A loaded machine sometimes loses the trace (NO_NAVSTART): such a run is repeated, twice at most. */
async function auditWithRetry(url: string, port: number, cpuSlowdown: number): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port, cpuSlowdown)
    } catch (error) {
      if (attempt >= 3) throw error
      console.warn(String(error), '- again')
    }
  }
}

/** The run with the median performance score (Lighthouse's own advice for noisy machines). */
async function audit(url: string, port: number, cpuSlowdown: number): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(url, port, cpuSlowdown))
  const mid = median(runs.map((r) => r.performance))
  return runs.find((r) => r.performance === mid)!
}

/** A static page with the landing page's kind of content and no script: the machine's best case. */
async function staticBaseline(): Promise<{ server: Server; url: string }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title>' +
    '<meta name="description" content="A static page"></head><body><main><h1>Track every rupee</h1>' +
    '<p>Offline first. Your money, your hisaab.</p></main></body></html>'
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address !== 'object') throw new Error('no port')
  return { server, url: `http://127.0.0.1:${address.port}/` }
}

export async function benchLighthouse(origin: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  })
  const baselineServer = await staticBaseline()
  try {
    const baseline = await audit(baselineServer.url, chrome.port, CPU_SLOWDOWNS[0])
    const routes: LighthouseResult['routes'] = {}
    for (const slowdown of CPU_SLOWDOWNS) {
      routes[slowdown] = {}
      for (const route of ROUTES) routes[slowdown][route] = await audit(`${origin}${route}`, chrome.port, slowdown)
    }
    return {
      runs: RUNS,
      routes,
      baseline,
      target: LIGHTHOUSE_TARGET,
      method:
        `lighthouse 12 default (mobile, simulated slow 4G), CPU slowed ${CPU_SLOWDOWNS.join('× and ')}×, ` +
        `median of ${RUNS} first visits`,
    }
  } finally {
    baselineServer.server.close()
    chrome.kill()
  }
}

const meets = (f: LighthouseFigures) =>
  f.performance >= LIGHTHOUSE_TARGET.performance &&
  f.accessibility >= LIGHTHOUSE_TARGET.accessibility &&
  f.lcpMs <= LIGHTHOUSE_TARGET.lcpMs &&
  f.tbtMs <= LIGHTHOUSE_TARGET.tbtMs &&
  f.cls <= LIGHTHOUSE_TARGET.cls

const row = (name: string, f: LighthouseFigures, verdict: string) =>
  `| ${name} | ${f.performance} | ${f.accessibility} | ${round(f.fcpMs / 1000, 2)} s | ` +
  `${round(f.lcpMs / 1000, 2)} s | ${f.tbtMs} ms | ${f.cls} | ${verdict} |`

/** The result as a markdown table for latest.md. */
export function lighthouseMarkdown(result: LighthouseResult): string {
  return [
    `Lighthouse (${result.method}); target: performance ≥ 90, accessibility ≥ 95, LCP ≤ 2.5 s, ` +
      'TBT ≤ 200 ms, CLS ≤ 0.1',
    '',
    '| page | performance | accessibility | FCP | LCP | TBT | CLS | target |',
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(result.routes).flatMap(([slowdown, routes]) =>
      Object.entries(routes).map(([route, f]) =>
        row(
          `${route === f.finalUrl ? route : `${route} (→ ${f.finalUrl})`}, CPU ${slowdown}×`,
          f,
          meets(f) ? 'met' : 'not met',
        ),
      ),
    ),
    row(`baseline: static page, no JS, CPU ${CPU_SLOWDOWNS[0]}×`, result.baseline, '—'),
    '',
  ].join('\n')
}

async function main() {
  const server = await ServerProcess.create({ LOG_LEVEL: 'warn' })
  try {
    const result = await benchLighthouse(server.url)
    console.log(JSON.stringify(result, null, 2))
    console.log(lighthouseMarkdown(result))
  } finally {
    await server.dispose()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
