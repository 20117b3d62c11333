import type { Browser, Page } from '@playwright/test'
import type { ServerProcess } from '../tests/e2e/support/server'
import { signedInPage } from './browser'
import type { Account } from './seed'
import { percentile } from './stats'

export interface SaveToastResult {
  cpuRate: number
  otherTab: boolean
  /** Tap → toast of the first save in a freshly opened tab, one per fresh load. */
  firstMs: number[]
  /** Tap → toast of the saves after the first, in the same tab. */
  p50: number
  p95: number
  /** One IndexedDB put in the same page, same throttle. */
  rawP95: number
  samples: number
}

/** Starts watching for the success toast and the tap on the submit button; the times stay on `window`. */
async function armToastClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __tap?: number; __toast?: number }
    w.__tap = undefined
    w.__toast = undefined
    const submit = document.querySelector('form button[type="submit"]')
    submit?.addEventListener('pointerdown', () => (w.__tap = performance.now()), { once: true, capture: true })
    // A new toast is a new element; one still showing from the previous save does not count.
    const observer = new MutationObserver((records) => {
      const added = records.flatMap((r) => [...r.addedNodes])
      const toast = added.find((n) => n instanceof HTMLElement && n.classList.contains('toast'))
      if (toast?.textContent?.includes('added successfully')) {
        w.__toast = performance.now()
        observer.disconnect()
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
}

/** Fills the add form, taps Add Expense and returns tap → toast in ms. */
async function saveOnce(page: Page, i: number): Promise<number> {
  await page.getByLabel('Amount').fill(String(100 + i))
  await page.getByLabel('Category', { exact: true }).selectOption('Food & Dining')
  await page.getByLabel('Description').fill(`toast ${i}`)
  await armToastClock(page)
  await page.getByRole('button', { name: 'Add Expense' }).click()
  const handle = await page.waitForFunction(() => {
    const w = window as unknown as { __tap?: number; __toast?: number }
    return w.__tap !== undefined && w.__toast !== undefined ? w.__toast - w.__tap : null
  })
  const ms = (await handle.jsonValue()) as number
  await page.waitForURL(/\/home$/)
  // As a person does: the next tap once home is on screen (on a slow phone its chunk may still load).
  await page.locator('.home').first().waitFor()
  return ms
}

async function rawPutP95(page: Page, samples: number): Promise<number> {
  const times = await page.evaluate(async (samples) => {
    const { Dexie } = window.__hisaab!
    const raw = new Dexie(`bench-save-toast-${Math.random()}`)
    raw.version(1).stores({ tx: 'id' })
    await raw.open()
    const out: number[] = []
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now()
      await raw.table('tx').put({ id: crypto.randomUUID(), amount: i, description: `raw ${i}` })
      out.push(performance.now() - t0)
    }
    raw.close()
    return out
  }, samples)
  return percentile(times, 95)
}

/**
 * Tap Add Expense → the "added successfully" toast, as a person does it (fill, tap, the app goes
 * home, back to the form through the navigation), at `cpuRate`× CPU, optionally with a second tab
 * of the app open on /home (it then leads replication). Baseline: one IndexedDB put, same page.
 */
export async function benchSaveToast(
  browser: Browser,
  server: ServerProcess,
  account: Account,
  opts: { cpuRate: number; otherTab: boolean; loads: number; savesPerLoad: number },
): Promise<SaveToastResult> {
  const page = await signedInPage(browser, server, account)
  await page.setViewportSize({ width: 1280, height: 900 })
  if (opts.otherTab) {
    const other = await page.context().newPage()
    await other.goto(`${server.url}/home`)
    await other.locator('.home:not([data-snapshot])').first().waitFor()
    // The user taps in the tab in front. Chromium serves a tab behind another more slowly (its
    // IndexedDB requests waited some 60 ms each here, unthrottled), which no tap meets.
    await page.bringToFront()
  }
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuRate })
  const firstMs: number[] = []
  const later: number[] = []
  let i = 0
  for (let load = 0; load < opts.loads; load++) {
    await page.goto(`${server.url}/add-expense`)
    for (let k = 0; k < opts.savesPerLoad; k++) {
      const ms = await saveOnce(page, i++)
      ;(k === 0 ? firstMs : later).push(ms)
      if (k < opts.savesPerLoad - 1) await page.getByRole('link', { name: 'Add Expense' }).first().click()
    }
  }
  await page.waitForFunction(() => window.__hisaab !== undefined)
  const rawP95 = await rawPutP95(page, 50)
  await page.context().close()
  return {
    cpuRate: opts.cpuRate,
    otherTab: opts.otherTab,
    firstMs,
    p50: percentile(later, 50),
    p95: percentile(later, 95),
    rawP95,
    samples: later.length,
  }
}
