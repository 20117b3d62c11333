import type { Page } from '@playwright/test'
import { expect, newUser, test } from './support/fixtures'
import { shot, signUp } from './support/flows'

const SHOTS = '.tmp/shots-chrome'
const html = (page: Page) => page.locator('html')
const toggle = (page: Page) => page.getByRole('banner').getByRole('button', { name: /Switch to (dark|light) theme/ })

test('with no stored choice the system preference decides, and follows its changes', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/login')
  await expect(html(page)).toHaveAttribute('data-theme', 'dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(html(page)).toHaveAttribute('data-theme', 'light')
  await page.reload()
  await expect(html(page)).toHaveAttribute('data-theme', 'light')
})

test('the top bar toggle flips the theme, and the choice persists and beats the system', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: 'light' })
  await signUp(page, newUser('theme'))
  await expect(html(page)).toHaveAttribute('data-theme', 'light')
  await expect(toggle(page)).toHaveAccessibleName('Switch to dark theme')

  await toggle(page).click()
  await expect(html(page)).toHaveAttribute('data-theme', 'dark')
  await expect(toggle(page)).toHaveAccessibleName('Switch to light theme')
  await shot(page, `${SHOTS}/desktop-home-dark.png`)
  await page.getByRole('button', { name: 'Help', exact: true }).click()
  await shot(page, `${SHOTS}/desktop-help-dark.png`)
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(html(page)).toHaveAttribute('data-theme', 'dark')
  // The stored choice wins over the system preference from now on.
  await page.emulateMedia({ colorScheme: 'light' })
  await page.reload()
  await expect(html(page)).toHaveAttribute('data-theme', 'dark')

  await toggle(page).click()
  await expect(html(page)).toHaveAttribute('data-theme', 'light')
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await expect(html(page)).toHaveAttribute('data-theme', 'light')
})
