import type { Browser, BrowserContextOptions, Page } from '@playwright/test'

/** One version of a screen that a load put on screen (a saved screen). */
export interface Seen {
  state: 'snapshot' | 'live'
  text: string
  /** The text of the screen's headline figure (`figure`'s test id). */
  figure: string | null
  /** The database had finished opening when this was on screen. */
  dbOpen: boolean
  /** Which element the screen's root was: the same number, the same element (updated, not rebuilt). */
  element: number
}

/**
 * Records every version of the screen at `root` that a load puts on screen, and the layout
 * shifts, from the first paint (before the app's code runs).
 */
export async function recordScreen(page: Page, root: string, figure: string) {
  await page.addInitScript(
    ({ root, figure }) => {
      const w = window as unknown as { __seen: unknown[]; __shift: number }
      w.__seen = []
      w.__shift = 0
      let last = ''
      const elements = new WeakMap<Element, number>()
      let count = 0
      const check = () => {
        const screen = document.querySelector(root)
        if (!screen) return
        let element = elements.get(screen)
        if (element === undefined) elements.set(screen, (element = count++))
        const state = screen.hasAttribute('data-snapshot') ? 'snapshot' : 'live'
        const text = screen.textContent ?? ''
        if (`${state}|${text}|${element}` === last) return
        last = `${state}|${text}|${element}`
        w.__seen.push({
          state,
          text,
          figure: screen.querySelector(`[data-testid="${figure}"]`)?.textContent ?? null,
          dbOpen: performance.getEntriesByName('hisaab:db-open', 'measure').length > 0,
          element,
        })
      }
      new MutationObserver(check).observe(document, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.__shift += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    },
    { root, figure },
  )
}

export const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: Seen[] }).__seen)
export const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { __shift: number }).__shift)
export const savedKeys = (page: Page, prefix: string) =>
  page.evaluate((prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)), prefix)

/**
 * This browser's session and saved screens (keys starting with `prefix`), to copy into a new
 * context: a new device signed in as the same user (the rest of the browser's bookkeeping, such as
 * its first download being done, is not copied).
 */
export const sessionWithSaved = (page: Page, prefix: string) =>
  page.evaluate(
    (prefix) =>
      Object.fromEntries(
        Object.entries(localStorage).filter(
          ([k]) => k === 'hisaab.token' || k === 'hisaab.user' || k.startsWith(prefix),
        ),
      ) as Record<string, string>,
    prefix,
  )

/**
 * A new device in `look` signed in with `stored` (see sessionWithSaved) whose data layer's chunk is
 * held back until `release()`: no service worker, so the saved screen stays up meanwhile.
 */
export async function deviceHoldingDataLayer(
  browser: Browser,
  look: BrowserContextOptions,
  origin: string,
  stored: Record<string, string>,
) {
  const context = await browser.newContext({ ...look, baseURL: origin, serviceWorkers: 'block' })
  await context.addInitScript((items) => {
    if (localStorage.getItem('hisaab.token')) return
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value)
  }, stored)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  // The data layer's chunk (vite.config.ts groups the data gate's modules into it).
  await context.route(/\/assets\/data-layer-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return { context, page: await context.newPage(), release }
}
