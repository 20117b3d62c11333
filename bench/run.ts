/**
 * `npm run bench`: each figure is measured against a raw baseline in the same run (DESIGN §7).
 * Needs a built client (the npm script builds first) and Chromium at /usr/bin/chromium.
 * Results: bench/results/latest.json and bench/results/latest.md.
 */
import { chromium, type Browser } from '@playwright/test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { ServerProcess } from '../tests/e2e/support/server'
import {
  benchFirstSync,
  benchFirstSyncProfile,
  firstSyncProfileRow,
  firstSyncRow,
  waitForFirstSync,
  type ProfileResult,
} from './first-sync'
import { DESKTOP, PHONE } from './profiles'
import { benchMigration } from './migration'
import { benchMultiTab, multiTabRow } from './multi-tab'
import { benchAddVisible, BURST_PACE_MS, HUMAN_PACE_MS } from './add-visible'
import { benchColdStart } from './cold-start'
import { makeTransactions, pushAll, registerAccount } from './seed'
import { benchReports } from './reports'
import { benchScreens } from './screens'
import { signedInPage } from './browser'
import { benchJsBudget, jsBudgetMarkdown } from './js-budget'
import { benchLighthouse, lighthouseMarkdown } from './lighthouse'
import {
  BENCH_SERVER_ENV,
  benchPostgresParts,
  benchSyncRoutes,
  postgresRows,
  seededServer,
  syncRoutesRows,
  webhookRow,
} from './server-engines'
import { loadAverage } from './postgres'
import { bankMessages, benchWebhook } from './whatsapp'
import { benchParser, parserRow } from './parser'
import { runSyncLoad } from './load'
import { benchPushLoad, pushLimitRow, pushLoadRow } from './push-load'
import { median, round } from './stats'
import { benchSaveToast, type SaveToastResult } from './save-toast'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'

const N = Number(process.env.BENCH_DOCS ?? 50_000)
/**
 * `BENCH_ONLY=cold-start npm run bench`: only the cold start; `BENCH_ONLY=parser`: only the
 * message parser; `BENCH_ONLY=whatsapp`: only the webhook, typed and forwarded bank messages;
 * `BENCH_ONLY=push-load`: only (k), health latency while accounts push in a loop;
 * `BENCH_ONLY=migration`: only the first open after a schema update of transactions (bench/migration.ts);
 * `BENCH_ONLY=screens`: only (d), the screens' first renders and the list's scroll, desktop and phone;
 * `BENCH_ONLY=save-toast`: only (m), tap Add Expense → toast on the desktop and at 4× CPU;
 * `BENCH_ONLY=first-sync`: only (b) on the desktop and the phone profile at 10,000 and 50,000
 * transactions (`BENCH_ROUNDS` rounds, 3 unless set; `BENCH_FIRST_SYNC_DOCS=10000` and
 * `BENCH_PROFILES=phone` narrow it); `BENCH_ONLY=server`: only the server's parts on both engines,
 * SQLite and PostgreSQL: (c) pull and (n) push against bare routes on the same engine, the webhook,
 * and on PostgreSQL (g′) 200 devices over two instances and (o) one instance against two
 * (bench/server-engines.ts; PostgreSQL is `BENCH_DATABASE_URL`, else a throwaway cluster of
 * scripts/pg-test-cluster.sh; without PostgreSQL installed those parts are skipped and say why).
 * Their results are printed, nothing is written.
 */
const ONLY = process.env.BENCH_ONLY

/** The server's parts on SQLite, then on PostgreSQL; a PostgreSQL failure fails the run after its figures. */
async function serverParts(): Promise<void> {
  console.log(`load average ${loadAverage()}; SQLite: seeding ${N} transactions…`)
  const { server, account } = await seededServer(N)
  try {
    console.log('(c, n) SQLite: pull and push against a bare route…')
    console.log(syncRoutesRows('SQLite', await benchSyncRoutes(server, account)).join('\n'))
  } finally {
    await server.dispose()
  }
  console.log(webhookRow('SQLite, typed messages and commands', await benchWebhook()))
  console.log(webhookRow('SQLite, forwarded bank and UPI messages', await benchWebhook({ messages: bankMessages() })))
  const pg = await benchPostgresParts(N)
  console.log(JSON.stringify(pg, null, 2))
  const rows = postgresRows(pg)
  console.log([...rows.measures, ...rows.figures].join('\n'))
  if (pg.error) process.exitCode = 1
}

/** The benches that need neither the browser nor the app's server process. */
async function serverOnly(only: string): Promise<boolean> {
  if (only === 'server') {
    await serverParts()
    return true
  }
  if (only === 'parser') {
    const result = benchParser()
    console.log(JSON.stringify(result, null, 2))
    console.log(parserRow(result))
    return true
  }
  if (only === 'whatsapp') {
    console.log(webhookRow('typed messages and commands', await benchWebhook()))
    console.log(webhookRow('forwarded bank and UPI messages', await benchWebhook({ messages: bankMessages() })))
    return true
  }
  if (only === 'push-load') {
    console.log('(k) health while 4 accounts push 1,000 documents each in a loop…')
    const pushLoad = await benchPushLoad()
    console.log(JSON.stringify(pushLoad, null, 2))
    console.log([pushLoadRow(pushLoad), pushLimitRow(pushLoad)].join('\n'))
    return true
  }
  return false
}

/**
 * (b) on both profiles at 10,000 and 50,000 transactions. Each account's entries are pushed oldest
 * first, as a year of use adds them: the newest entries hold the highest sequence numbers.
 */
async function firstSyncProfiles(browser: Browser, server: ServerProcess): Promise<ProfileResult[]> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3)
  const results: ProfileResult[] = []
  const sizes = process.env.BENCH_FIRST_SYNC_DOCS?.split(',').map(Number) ?? [10_000, 50_000]
  const profiles = [DESKTOP, PHONE].filter((p) => (process.env.BENCH_PROFILES ?? 'desktop,phone').includes(p.name))
  for (const n of sizes) {
    const account = await registerAccount(server, `firstsync${n}`)
    await pushAll(server, account.token, 'transactions', makeTransactions(account.user.id, n).reverse())
    for (const profile of profiles) {
      console.log(`  ${profile.name}, ${n} transactions…`)
      const result = await benchFirstSyncProfile(browser, server, account, { n, profile, newest: 'bench 0', rounds })
      console.log(firstSyncProfileRow(result))
      results.push(result)
    }
  }
  return results
}

/**
 * The first open after an update of the transactions schema, at 10,000 transactions unless
 * `BENCH_MIGRATION_DOCS` says otherwise, on the profiles of `BENCH_PROFILES` (both unless set):
 * the app's copy against RxDB's own migration, `BENCH_ROUNDS` rounds (1 unless set).
 */
async function migrationProfiles(browser: Browser, server: ServerProcess): Promise<string[]> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1)
  const n = Number(process.env.BENCH_MIGRATION_DOCS ?? 10_000)
  const profiles = [DESKTOP, PHONE].filter((p) => (process.env.BENCH_PROFILES ?? 'desktop,phone').includes(p.name))
  const account = await registerAccount(server, 'migration')
  await pushAll(server, account.token, 'transactions', makeTransactions(account.user.id, n))
  const rows: string[] = []
  for (const profile of profiles) {
    console.log(`  ${profile.name}, ${n} transactions…`)
    const result = await benchMigration(browser, server, account, { n, profile, rounds })
    console.log(JSON.stringify(result))
    rows.push(
      `| schema update of transactions, first open, ${n} entries, ${profile.name} (${profile.cpuRate}× CPU) | ` +
        `${result.copyMs} ms (copy) | ${result.rxdbMs} ms (RxDB's migration) | ${result.ratio}× faster |`,
    )
  }
  return rows
}

type ColdStart = Awaited<ReturnType<typeof benchColdStart>> & { docs: number }

/**
 * Cold start of accounts holding 10,000 and N transactions (each downloaded once, then reloaded
 * offline), desktop and phone.
 */
async function coldStartOf(browser: Browser, server: ServerProcess): Promise<ColdStart[]> {
  const results: ColdStart[] = []
  for (const docs of [...new Set([10_000, N])]) {
    const account = await registerAccount(server, `cold${docs}`)
    await pushAll(server, account.token, 'transactions', makeTransactions(account.user.id, docs))
    for (const profile of [DESKTOP, PHONE]) {
      console.log(`  ${profile.name}, ${docs} transactions…`)
      results.push({ docs, ...(await benchColdStart(browser, server, account, { profile })) })
    }
  }
  return results
}

/** (m) tap → toast on the desktop and the phone profile, alone and with another tab open. */
async function saveToastOf(browser: Browser, server: ServerProcess): Promise<SaveToastResult[]> {
  const account = await registerAccount(server, 'toast')
  const results: SaveToastResult[] = []
  for (const cpuRate of [1, 4]) {
    for (const otherTab of [false, true]) {
      console.log(`  ${cpuRate}× CPU${otherTab ? ', another tab open' : ''}…`)
      results.push(await benchSaveToast(browser, server, account, { cpuRate, otherTab, loads: 3, savesPerLoad: 8 }))
    }
  }
  return results
}

function saveToastRows(results: SaveToastResult[]): string[] {
  return results.map(
    (r) =>
      `| (m) tap Add Expense → toast, ${r.cpuRate === 1 ? 'desktop' : `${r.cpuRate}× CPU`}` +
      `${r.otherTab ? ', another tab open' : ''}, p95 | ${round(r.p95)} ms (p50 ${round(r.p50)} ms, ` +
      `first save in a fresh tab ${round(median(r.firstMs))} ms) | ${round(r.rawP95)} ms (one IndexedDB put) | ` +
      `${round(r.p95 / r.rawP95, 2)}× | ≤ 100 ms at 4× CPU |`,
  )
}

function coldStartRows(results: ColdStart[]): string[] {
  return results.flatMap((c) => {
    const on = `, ${c.docs} transactions${c.profile === 'desktop' ? '' : `, ${c.profile} (${c.cpuRate}× CPU)`}`
    const phone = c.profile === 'phone'
    return [
      `| cold start offline → interactive /home${on}, median (live data: ${round(c.liveMs)} ms; ` +
        `database open ${round(c.dbOpenMs)} ms) | ${round(c.homeMs)} ms | ` +
        `${round(c.shellMs)} ms (empty shell: /privacy) | ${round(c.ratio, 2)}× | ` +
        `${phone ? 'saved ≤ 600 ms, live ≤ 1 s, open ≤ 500 ms' : '≤ 1.5× and ≤ 1 s'} |`,
      `| cold start offline → /transactions${on}, median | ${round(c.transactionsSavedMs)} ms saved head; ` +
        `${round(c.transactionsLiveMs)} ms live list | ${round(c.shellMs)} ms (empty shell) | ` +
        `${round(c.transactionsLiveMs / c.shellMs, 2)}× (live) | ` +
        `${phone ? 'saved ≤ 600 ms, live ≤ 1.2 s' : '—'} |`,
    ]
  })
}

function screenRows(screens: Awaited<ReturnType<typeof benchScreens>>): string[] {
  const on = screens.profile === 'desktop' ? '' : `, ${screens.profile} (${screens.cpuRate}× CPU)`
  const { scroll } = screens
  return [
    `| /home first render${on} (navigation → 5 rows) | ${round(screens.homeFirstRenderMs)} ms (saved screen); ` +
      `${round(screens.homeLiveRenderMs)} ms live |`,
    `| /transactions first render${on} (navigation → rows) | ` +
      `${round(screens.transactionsFirstRenderMs)} ms (saved screen); ` +
      `${round(screens.transactionsLiveRenderMs)} ms live |`,
    `| /transactions scroll${on}, frames over 16 ms | ${scroll.framesOver16ms} of ${scroll.frames} ` +
      `(${scroll.framesOver33ms} over 33 ms, ${scroll.framesOver50ms} over 50 ms ` +
      `(${round((100 * scroll.framesOver50ms) / scroll.frames, 1)} %, target ≤ 2 %); ` +
      `p95 frame ${round(scroll.p95FrameMs)} ms, ${scroll.rowsInDom} rows in the DOM) |`,
  ]
}

async function main() {
  if (ONLY && (await serverOnly(ONLY))) return
  // Seeding pushes 50,000 documents into one account as fast as it can.
  const server = await ServerProcess.create(BENCH_SERVER_ENV)
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  try {
    if (ONLY === 'cold-start') {
      console.log(`(d2) cold start, offline, service worker in control, ${N} transactions…`)
      const coldStart = await coldStartOf(browser, server)
      console.log(JSON.stringify(coldStart, null, 2))
      console.log(coldStartRows(coldStart).join('\n'))
      return
    }
    if (ONLY === 'save-toast') {
      const saveToast = await saveToastOf(browser, server)
      console.log(JSON.stringify(saveToast, null, 2))
      console.log(saveToastRows(saveToast).join('\n'))
      return
    }
    if (ONLY === 'first-sync') {
      const results = await firstSyncProfiles(browser, server)
      console.log(JSON.stringify(results, null, 2))
      console.log(results.map(firstSyncProfileRow).join('\n'))
      return
    }
    if (ONLY === 'migration') {
      console.log((await migrationProfiles(browser, server)).join('\n'))
      return
    }
    if (ONLY === 'screens') {
      const account = await registerAccount(server, 'screens')
      await pushAll(server, account.token, 'transactions', makeTransactions(account.user.id, N))
      const page = await signedInPage(browser, server, account)
      await page.goto(`${server.url}/home`)
      await waitForFirstSync(page, N)
      const results = [await benchScreens(page, server.url), await benchScreens(page, server.url, PHONE)]
      console.log(JSON.stringify(results, null, 2))
      console.log(results.flatMap(screenRows).join('\n'))
      return
    }
    if (ONLY) {
      throw new Error(
        `BENCH_ONLY=${ONLY}: only cold-start, save-toast, first-sync, migration, screens, parser, whatsapp, ` +
          'push-load and server can run alone',
      )
    }
    const account = await registerAccount(server, 'bench')
    console.log(`seeding ${N} transactions…`)
    await pushAll(server, account.token, 'transactions', makeTransactions(account.user.id, N))

    console.log('(c, n) server pull, 1k-doc pages, and push, 1k-doc requests…')
    const { pull, push } = await benchSyncRoutes(server, account)

    console.log('(b) first sync into a fresh browser database…')
    const { firstSync, page, rawDbName } = await benchFirstSync(browser, server, account, N)

    console.log(`(a) add → visible in /home's live query, one add every ${HUMAN_PACE_MS} ms, then ${BURST_PACE_MS} ms…`)
    const latency = await benchAddVisible(page, server.url, rawDbName, 160, HUMAN_PACE_MS)
    const burst = await benchAddVisible(page, server.url, rawDbName, 200, BURST_PACE_MS)

    console.log('(d) screens with the stored set, desktop and phone…')
    const screens = await benchScreens(page, server.url)
    const phoneScreens = await benchScreens(page, server.url, PHONE)
    await page.context().close()

    console.log('(h) add in one tab → visible in another…')
    const multiTab = await benchMultiTab(browser, server, account, 100)

    console.log('(d2) cold start, offline, service worker in control, desktop and phone…')
    const coldStart = await coldStartOf(browser, server)

    console.log('(m) tap Add Expense → toast, desktop and 4× CPU…')
    const saveToast = await saveToastOf(browser, server)

    console.log('(e) WhatsApp webhook, typed and forwarded bank messages…')
    const webhook = await benchWebhook()
    const webhookBank = await benchWebhook({ messages: bankMessages() })

    console.log('(l) message parser…')
    const parser = benchParser()

    console.log('(f) reports and budget status over 100k…')
    const reports = benchReports()

    console.log('(g) 200 syncing devices for 60 s…')
    const load = await runSyncLoad(server, 200, 60)

    console.log('(k) health while 4 accounts push 1,000 documents each in a loop…')
    const pushLoad = await benchPushLoad()

    console.log('(c, n, e, g′, o) the server on PostgreSQL…')
    const postgres = await benchPostgresParts(N)
    const postgresMd = postgresRows(postgres)

    console.log('(i) JavaScript before first paint…')
    const jsBudget = await benchJsBudget(browser, server.url, await registerAccount(server, 'jsbudget'))

    console.log('(j) Lighthouse, mobile, first visits…')
    const lighthouse = await benchLighthouse(server.url)

    const results = {
      date: new Date().toISOString(),
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      stored: N,
      a_addToVisible: { ...latency, ratioP95: round(latency.ratioP95, 2) },
      a_addToVisibleBurst: { ...burst, ratioP95: round(burst.ratioP95, 2) },
      b_firstSync: firstSync,
      c_serverPull: {
        ...pull,
        msPerPageOurs: round(pull.msPerPageOurs),
        msPerPageBare: round(pull.msPerPageBare),
        throughputRatio: round(pull.throughputRatio, 3),
      },
      n_serverPush: { ...push, ratio: round(push.ratio, 3) },
      postgres,
      d_screens: screens,
      d_screensPhone: phoneScreens,
      d2_coldStart: coldStart.map((c) => ({ ...c, ratio: round(c.ratio, 2) })),
      e_whatsappWebhook: { ...webhook, target: 'p95 ≤ 50 ms' },
      e2_whatsappWebhookBankMessages: { ...webhookBank, target: 'p95 ≤ 50 ms' },
      l_parser: { ...parser, target: 'p95 ≤ 1 ms per message' },
      f_reports: { ...reports, target: 'month report + 12-month trend ≤ 100 ms' },
      g_syncLoad: { ...load, target: '0 errors' },
      k_pushLoad: { ...pushLoad, target: 'health p95 ≤ 50 ms while the accounts push' },
      h_multiTab: multiTab,
      m_saveToast: saveToast,
      i_jsBeforeFirstPaint: jsBudget,
      j_lighthouse: lighthouse,
    }
    mkdirSync('bench/results', { recursive: true })
    writeFileSync('bench/results/latest.json', JSON.stringify(results, null, 2) + '\n')
    const md = [
      `# Benchmark results (${results.date}, ${N} transactions, ${results.machine.cpus} cores)`,
      '',
      '| measure | ours | baseline | ratio | target |',
      '|---|---|---|---|---|',
      `| (a) add → visible in /home's live query, p95, an add every ${latency.gapMs} ms | ${round(latency.p95)} ms | ` +
        `${round(latency.rawP95)} ms (Dexie put + read) | ${results.a_addToVisible.ratioP95}× | ≤ 2× and ≤ 16 ms |`,
      `| (a′) the same in a burst, an add every ${burst.gapMs} ms | ${round(burst.p95)} ms | ` +
        `${round(burst.rawP95)} ms | ${results.a_addToVisibleBurst.ratioP95}× | ` +
        `(each add meets the previous one's push) |`,
      ...coldStartRows(coldStart),
      firstSyncRow(firstSync),
      multiTabRow(multiTab),
      ...saveToastRows(saveToast),
      ...syncRoutesRows('SQLite', { pull, push }),
      ...postgresMd.measures,
      pushLoadRow(pushLoad),
      pushLimitRow(pushLoad),
      '',
      '| screen / channel | figure |',
      '|---|---|',
      ...screenRows(screens),
      ...screenRows(phoneScreens),
      webhookRow('typed messages and commands', webhook),
      webhookRow('forwarded bank and UPI messages', webhookBank),
      parserRow(parser),
      `| month report + 12-month trend over ${reports.docs} transactions (target ≤ 100 ms) | ` +
        `${round(reports.reportMs + reports.trendMs)} ms ` +
        `(report ${round(reports.reportMs)} ms, trend ${round(reports.trendMs)} ms) |`,
      `| budget status, ${reports.budgets} budgets over ${reports.docs} transactions | ` +
        `${round(reports.budgetStatusMs)} ms |`,
      `| ${load.clients} syncing devices for ${load.seconds} s (push 2 + pull every ~250 ms, streams open) | ` +
        `${load.requests} requests, ${load.errors} errors, ` +
        `p50 ${load.p50} ms, p99 ${load.p99} ms, max ${load.max} ms |`,
      ...postgresMd.figures,
      '',
      jsBudgetMarkdown(jsBudget),
      lighthouseMarkdown(lighthouse),
    ].join('\n')
    writeFileSync('bench/results/latest.md', md)
    console.log(md)
    if (postgres.error) process.exitCode = 1
  } finally {
    await browser.close()
    await server.dispose()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
