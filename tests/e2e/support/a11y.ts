import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

/** The signed-in screens' own content (the shell's bar and nav are checked with the shell). */
export const SCREEN = 'main'

/**
 * Waits until no animation or transition is running: axe measures colour contrast on what is
 * painted, and a dialog or toast still fading in blends into the page behind it.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // Right after a theme or size change the style is not recomputed yet, so the colour transitions
    // it starts are not listed; axe's own reads then started them and measured buttons mid-way.
    document.documentElement.getBoundingClientRect()
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await Promise.all(
      document
        .getAnimations()
        // Endless ones (a syncing spinner) never finish and paint nothing over text.
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    )
  })
}

/**
 * Waits until the app has rendered (a signed-in page's first render waits for its frame's chunks,
 * so #root can still be empty right after `goto`) and no loading screen is left.
 */
export async function untilLoaded(page: Page) {
  await expect(page.locator('#root > *').first()).toBeAttached()
  await expect(page.locator('.loading-screen')).toHaveCount(0)
}

/** Labels checked at phone width in the running test, without their width ("form light-390" → "form light"). */
const checkedAtPhoneWidth = new Set<string>()

/**
 * Whether this state of the screen was already checked in this theme at phone width by the same
 * test: LOOKS show each state at 390 px before 1280 px, with the same markup and colours, so the
 * desktop pass only takes its screenshots. The desktop shell (nav, bars, dialogs) is axe-checked at
 * both widths by ui-fit's sweep of every route.
 */
function checkedAtOtherWidth(page: Page, label: string): boolean {
  const key = `${test.info().testId} ${label.replace(/-(390|1280)\b/g, '')}`
  if ((page.viewportSize()?.width ?? 0) < 600) {
    checkedAtPhoneWidth.add(key)
    return false
  }
  return checkedAtPhoneWidth.has(key)
}

/** Runs axe-core on the page as it is and expects no violations (colour contrast included). */
export async function expectAccessible(page: Page, label: string, { within }: { within?: string } = {}) {
  await untilLoaded(page)
  if (checkedAtOtherWidth(page, label)) return
  // The floating Help widget belongs to the help feature and is checked with it; `within` limits
  // the check to a screen's own content when the signed-in shell around it is another feature's.
  await untilStill(page)
  let builder = new AxeBuilder({ page }).exclude('.help-fab')
  if (within) builder = builder.include(within)
  const { violations } = await builder.analyze()
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(summary, `axe violations on ${label}`).toEqual([])
}

/** Both themes at phone width (touch) and desktop width: what every new screen is checked in. */
export const LOOKS = [
  { name: 'light-390', colorScheme: 'light', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'dark-390', colorScheme: 'dark', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'light-1280', colorScheme: 'light', viewport: { width: 1280, height: 900 } },
  { name: 'dark-1280', colorScheme: 'dark', viewport: { width: 1280, height: 900 } },
] as const

/**
 * axe-core's WCAG 2.1 A/AA rules on one part of the page (`within`, e.g. a household screen's `.hh`)
 * and on any open dialog, once it has loaded and stopped moving.
 */
export async function expectPartAccessible(page: Page, label: string, within: string) {
  await untilLoaded(page)
  if (checkedAtOtherWidth(page, label)) return
  await untilStill(page)
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include(within)
  if ((await page.locator('dialog[open]').count()) > 0) axe = axe.include('dialog[open]')
  const { violations } = await axe.analyze()
  const found = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(found, `axe on ${label}`).toEqual([])
}
