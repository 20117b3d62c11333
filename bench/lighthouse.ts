/**
 * Lighthouse, mobile preset (its default config: Moto G Power viewport, simulated slow 4G and
 * 4× CPU), first visit (storage cleared) of /, /login and /demo (→ /home) against the built app served by
 * the real server. Baseline in the same run: the same audit of a static page with no JavaScript, which
 * shows what this (shared, noisy) machine gives at best.
 *
 * Alone: `npm run build && node --import tsx bench/lighthouse.ts` (LH_RUNS=1 for a quick look;
 * LH_TASKS=1 also prints each audit's main-thread tasks that count towards its blocking time).
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

/** The trace events read here (Chrome's trace format; durations and times in microseconds). */
interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { data?: { url?: string; functionName?: string; isLoadingMainFrame?: boolean } }
}

/**
 * Lighthouse's simulation (Lantern) drops a main-thread task shorter than this as it was observed,
 * unthrottled, and multiplies the others by the CPU slowdown; a task then blocks for what it lasts
 * over 50 ms.
 */
const SIMULATED_TASK_MIN_MS = 10
const BLOCKING_OVER_MS = 50

/**
 * The observed tasks after the first contentful paint that the simulation keeps, each with what ran
 * in it, and the blocking time they add up to at this slowdown: what splitting a first screen's work
 * has to bring down.
 */
function blockingTasks(events: readonly TraceEvent[], cpuSlowdown: number): string[] {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')
  if (!fcp) return ['no first contentful paint in the trace']
  const start = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)?.ts ?? fcp.ts
  const onMain = events
    .filter(
      (e): e is TraceEvent & { dur: number } =>
        e.pid === fcp.pid && e.tid === fcp.tid && e.ph === 'X' && e.dur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts)
  const ms = (us: number) => Math.round(us / 100) / 10
  const lines: string[] = []
  let blocking = 0
  for (const task of onMain) {
    if (task.name !== 'RunTask' || task.ts < fcp.ts || ms(task.dur) < SIMULATED_TASK_MIN_MS) continue
    const end = task.ts + task.dur
    const parts = onMain
      .filter((e) => e.ts >= task.ts && e.ts < end && e !== task && e.name !== 'RunTask' && e.dur >= 2000)
      .slice(0, 6)
      .map((e) => {
        const where = e.args?.data?.url?.split('/').pop() ?? e.args?.data?.functionName ?? ''
        return `${e.name}${where ? ` ${where}` : ''} ${ms(e.dur)}`
      })
    blocking += Math.max(0, ms(task.dur) * cpuSlowdown - BLOCKING_OVER_MS)
    lines.push(`  +${ms(task.ts - start)} ms: ${ms(task.dur)} ms (${parts.join(', ')})`)
  }
  lines.push(`  ${lines.length} tasks, about ${Math.round(blocking)} ms blocking at ${cpuSlowdown}×`)
  return lines
}

async function auditOnce(url: string, port: number, cpuSlowdown: number): Promise<LighthouseFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
  })
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`)
  const { lhr, artifacts } = result
  if (process.env.LH_TASKS) {
    const events = artifacts.Trace.traceEvents as unknown as TraceEvent[]
    console.log(
      [
        `${url} at ${cpuSlowdown}×, observed tasks ≥ ${SIMULATED_TASK_MIN_MS} ms after FCP:`,
        ...blockingTasks(events, cpuSlowdown),
      ].join('\n'),
    )
  }
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
