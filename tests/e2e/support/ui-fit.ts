import AxeBuilder from '@axe-core/playwright'
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import type { ServerProcess } from './server'
import { untilLoaded, untilStill } from './a11y'

/**
 * The screens the UI-fit sweep visits (tests/e2e/ui-fit.spec.ts). A route added later joins the
 * sweep by one line here; `ready` waits for the figures that matter before the checks run.
 */
export interface SweepRoute {
  path: string
  /** Visible once the screen has its data (default: the page's first heading). */
  ready?: (page: Page) => Locator
}

/** Seeded texts that show once a screen has synced (see seedBigAmounts). */
const landSale = (page: Page) => page.getByText('Land sale at Nashik').first()
const longCategory = (page: Page) => page.getByText(LONG_CATEGORY).first()

export const SIGNED_IN_ROUTES: readonly SweepRoute[] = [
  { path: '/home', ready: landSale },
  { path: '/home-old', ready: longCategory },
  { path: '/transactions', ready: landSale },
  { path: '/reports', ready: longCategory },
  { path: '/budgets', ready: longCategory },
  { path: '/fund-allocation', ready: longCategory },
  { path: '/recurring-payments', ready: (page) => page.getByText(/Home loan EMI/).first() },
  { path: '/add-expense' },
  { path: '/add-income' },
  { path: '/settings' },
]

export const PUBLIC_ROUTES: readonly SweepRoute[] = [
  { path: '/' },
  { path: '/how-it-works' },
  { path: '/login' },
  { path: '/signup' },
  { path: '/demo', ready: (page) => page.getByTestId('transaction-item').first() },
  { path: '/demo/reports', ready: (page) => page.getByRole('heading', { name: 'Reports' }) },
  { path: '/demo/settings' },
]

export type Theme = 'light' | 'dark'
export interface Width {
  name: 'phone' | 'desktop'
  width: number
  height: number
  touch: boolean
}

export const WIDTHS: readonly Width[] = [
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'desktop', width: 1280, height: 800, touch: false },
]
export const THEMES: readonly Theme[] = ['light', 'dark']

/** A context at one width; the theme follows the emulated system preference (nothing is stored). */
export async function contextAt(browser: Browser, baseURL: string, width: Width): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: width.width, height: width.height },
    hasTouch: width.touch,
    isMobile: false,
    serviceWorkers: 'block',
  })
}

/** The system colour scheme; with no stored choice the app follows it (checked by openRoute). */
export async function useTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
}

/**
 * Opens a route and waits for its data: theme applied, spinners gone, the ready marker visible.
 * Once the app is loaded the route changes in place (history + popstate, as a link would), which
 * keeps the sweep fast: no reload, no reopening of the local database.
 */
export async function openRoute(page: Page, route: SweepRoute, theme?: Theme) {
  const heading = page.locator('h1').first()
  const here = page.url().startsWith('http') ? new URL(page.url()).pathname + new URL(page.url()).search : null
  const before = here ? await heading.textContent({ timeout: 1_000 }).catch(() => null) : null
  const samePage = here !== null && here.split('?')[0] === route.path.split('?')[0]
  if (here === route.path) {
    // Already there (a second dialog on the same screen).
  } else if (before && !samePage) {
    await page.evaluate((path) => {
      window.history.pushState({}, '', path)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, route.path)
    // Every screen has its own h1: the old screen is gone once it changes.
    await expect(heading).not.toHaveText(before)
  } else await page.goto(route.path)
  if (theme) await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
  await untilLoaded(page)
  const ready = route.ready ? route.ready(page) : page.getByRole('heading').first()
  await expect(ready).toBeVisible()
}

/** axe-core over the page (or one part of it): WCAG A/AA and best practice, colour contrast included. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  await untilStill(page)
  let builder = new AxeBuilder({ page })
  if (include) builder = builder.include(include)
  const result = await builder.analyze()
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
        .join(' | ')}`,
  )
}

export interface FitProblem {
  kind: 'wrapped' | 'clipped' | 'outside-amount' | 'sideways' | 'format'
  text: string
  where: string
}

/**
 * Every visible money figure (₹…, compact forms too) in the page or `scope`: on one line, not
 * cut by an ancestor's overflow, in whole rupees unless it is an exact <Amount> (never ".00"),
 * and (unless it sits in a sentence) inside an `.amount` element, the <Amount> component; the
 * page and every open dialog do not scroll sideways, and no control is wider than its dialog.
 */
export async function fitProblems(page: Page, scope = 'body'): Promise<FitProblem[]> {
  return page.evaluate((selector) => {
    const problems: FitProblem[] = []
    const root = document.querySelector(selector)
    if (!root) return problems
    const describe = (el: Element) => {
      const classes = typeof el.className === 'string' && el.className ? `.${el.className.split(' ').join('.')}` : ''
      return `${el.tagName.toLowerCase()}${classes}`
    }
    const money = /[-+−]?\s?₹\s?\d[\d,]*(\.\d+)?(\s?(L|Cr|K)\b)?/g
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('title, script, style, [hidden], .visually-hidden, option')) continue
      const style = getComputedStyle(parent)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      const value = node.textContent ?? ''
      for (const match of value.matchAll(money)) {
        const range = document.createRange()
        const start = match.index + (match[0].length - match[0].trimStart().length)
        range.setStart(node, start)
        range.setEnd(node, match.index + match[0].length)
        const rects = [...range.getClientRects()].filter((r) => r.width > 0)
        if (rects.length === 0) continue
        const text = match[0].trim()
        const where = describe(parent)
        const tops = new Set(rects.map((r) => Math.round(r.top)))
        if (tops.size > 1) problems.push({ kind: 'wrapped', text, where })
        const box = range.getBoundingClientRect()
        for (let el: Element | null = parent; el && el !== document.documentElement; el = el.parentElement) {
          const s = getComputedStyle(el)
          if (s.overflowX === 'visible' && s.overflowY === 'visible') continue
          const clip = el.getBoundingClientRect()
          if (box.right > clip.right + 1 || box.left < clip.left - 1) {
            problems.push({ kind: 'clipped', text, where: `${where} in ${describe(el)}` })
            break
          }
        }
        // One money rule: whole rupees, paise only in an exact <Amount> (an EMI, a split share), never
        // ".00"; a short form (₹13.26 L) has its decimals by design.
        const paise = match[2] ? undefined : /\.(\d+)/.exec(text)?.[1]
        if (paise && (paise === '00' || !parent.closest('.amount--exact')))
          problems.push({ kind: 'format', text, where })
        // A figure standing alone must be an <Amount>; one inside a sentence (an insight) may be prose.
        const prose = /[a-z]{2,}/i.test(value.replace(money, ''))
        if (!prose && !parent.closest('svg') && !parent.closest('.amount'))
          problems.push({ kind: 'outside-amount', text, where })
      }
    }
    for (const el of document.querySelectorAll('.amount')) {
      const h = el as HTMLElement
      if (h.offsetParent !== null && h.scrollWidth > h.clientWidth + 1 && h.clientWidth > 0)
        problems.push({ kind: 'clipped', text: h.textContent ?? '', where: describe(h) })
    }
    const page = document.scrollingElement
    if (page && page.scrollWidth > window.innerWidth + 1)
      problems.push({ kind: 'sideways', text: `${page.scrollWidth} > ${window.innerWidth}`, where: 'page' })
    for (const dialog of document.querySelectorAll('dialog[open]')) {
      if (dialog.scrollWidth > dialog.clientWidth + 1)
        problems.push({ kind: 'sideways', text: `${dialog.scrollWidth} > ${dialog.clientWidth}`, where: 'dialog' })
      const frame = dialog.getBoundingClientRect()
      for (const control of dialog.querySelectorAll('input, select, textarea, button')) {
        const r = control.getBoundingClientRect()
        if (r.width > 0 && (r.right > frame.right + 1 || r.left < frame.left - 1))
          problems.push({ kind: 'sideways', text: describe(control), where: 'control wider than its dialog' })
      }
    }
    return problems
  }, scope)
}

/**
 * What the Help button covers: every visible control (link, button, field, tab) and amount whose
 * box meets the Help button's, at each scroll position of the page (half a screen at a time,
 * top to bottom). A control hidden there by something else (the top bar it scrolled under) is
 * not covered by Help. Empty when there is no Help button.
 */
export async function helpCovers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const fab = document.querySelector('.help-fab')
    if (!fab) return []
    const describe = (el: Element) => {
      const text = (el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)
      return `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${text}"`
    }
    const selector =
      'a[href], button, input, select, textarea, [role="button"], [role="tab"], [role="link"], ' +
      '[tabindex]:not([tabindex="-1"]), .amount'
    const found = new Set<string>()
    const scroller = document.scrollingElement ?? document.documentElement
    const last = Math.max(0, scroller.scrollHeight - window.innerHeight)
    for (let y = 0; ; y = Math.min(last, y + window.innerHeight / 2)) {
      window.scrollTo(0, y)
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      const help = fab.getBoundingClientRect()
      for (const el of document.querySelectorAll(selector)) {
        if (el.closest('.help')) continue
        const r = el.getBoundingClientRect()
        const left = Math.max(r.left, help.left)
        const right = Math.min(r.right, help.right)
        const top = Math.max(r.top, help.top)
        const bottom = Math.min(r.bottom, help.bottom)
        if (right - left < 1 || bottom - top < 1) continue
        // What is drawn at the middle of the shared area, Help set aside: this control, or something over it.
        const drawn = document
          .elementsFromPoint((left + right) / 2, (top + bottom) / 2)
          .find((e) => !e.closest('.help'))
        if (drawn && el.contains(drawn)) found.add(describe(el))
      }
      if (y >= last) break
    }
    window.scrollTo(0, 0)
    return [...found]
  })
}

/** A 60-character custom category: the longest the profile keeps. */
export const LONG_CATEGORY = 'Grandmother’s ayurvedic treatment and physiotherapy sessions'.padEnd(60, '.')

/** The issue's figures: a ₹1,85,000 salary and a ₹98,76,543.21 land sale this month, plus big spending. */
export async function seedBigAmounts(server: ServerProcess, token: string, day: string) {
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await server.api('POST', path, token, body)
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201)
  }
  await post('/income', { amount: 185000, source: 'Salary', date: day, description: 'November salary' })
  await post('/income', { amount: 9876543.21, source: 'Others', date: day, description: 'Land sale at Nashik' })
  await post('/expenses', { amount: 1279500, category: 'Shopping', date: day, description: 'Car' })
  await post('/expenses', { amount: 46000, category: LONG_CATEGORY, date: day, description: 'x'.repeat(500) })
  await post('/recurring-payments', {
    name: 'Home loan EMI for the flat in Pune with the long name',
    amount: 985432.5,
    category: LONG_CATEGORY,
    frequency: 'monthly',
    due_date: day,
    reminder_days: 3,
  })
}
