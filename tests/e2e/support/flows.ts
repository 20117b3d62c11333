import { expect, type Page } from '@playwright/test'
import type { newUser } from './fixtures'

export type TestUser = ReturnType<typeof newUser>

/** Signs a new user up through the form (name optional) and waits for /home. */
export async function signUp(page: Page, user: TestUser, { withName = true } = {}) {
  await page.goto('/signup')
  if (withName) await page.getByLabel('Name').fill(user.name)
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByLabel('Confirm Password').fill(user.password)
  await page.getByRole('button', { name: /sign up|create account/i }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** Signs an existing user in through the form and waits for /home. */
export async function signIn(page: Page, user: TestUser) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password', { exact: true }).fill(user.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(/\/home$/)
}

/** A screenshot once loading spinners are gone, with animations finished (for review, not comparison). */
export async function shot(page: Page, path: string) {
  await expect(page.locator('.loading-screen')).toHaveCount(0)
  await page.screenshot({ path, animations: 'disabled' })
}
