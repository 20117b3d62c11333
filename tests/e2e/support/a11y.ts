import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** Runs axe-core on the page as it is and expects no violations (colour contrast included). */
export async function expectAccessible(page: Page, label: string) {
  await expect(page.locator('.loading-screen')).toHaveCount(0)
  // The floating Help widget belongs to the help feature and is checked with it.
  const { violations } = await new AxeBuilder({ page }).exclude('.help-fab').analyze()
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
