import type { Browser, Page } from '@playwright/test'
import type { ServerProcess } from '../tests/e2e/support/server'
import { savedScreenPrefix, type SavedScreenKind } from '../src/data/saved-screen-keys'
import type { DeviceProfile } from './profiles'
import type { Account } from './seed'

/** A page of the built app signed in as `account`, with the debug handle enabled; a desktop unless `device` says. */
export async function signedInPage(
  browser: Browser,
  server: ServerProcess,
  account: Account,
  device: Partial<DeviceProfile['context']> = {},
): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...device })
  await context.addInitScript(
    ({ token, user }) => {
      localStorage.setItem('hisaabDebug', '1')
      localStorage.setItem('hisaab.token', token)
      localStorage.setItem('hisaab.user', JSON.stringify(user))
    },
    { token: account.token, user: account.user },
  )
  // tsx (esbuild, keepNames) wraps named functions in functions passed to page.evaluate with __name().
  await context.addInitScript('globalThis.__name = (fn) => fn')
  const page = await context.newPage()
  return page
}

/**
 * Waits until the page's user has a saved `kind` screen with rows in it: a screen is saved once the
 * page is idle, and a reload that comes first finds none (home's rows are `view.recent`, the list's `rows`).
 */
export async function untilScreenSaved(page: Page, kind: SavedScreenKind, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    (prefix) =>
      Object.keys(localStorage).some((key) => {
        if (!key.startsWith(prefix)) return false
        const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as {
          rows?: unknown[]
          view?: { recent?: unknown[] }
        }
        return (saved.rows ?? saved.view?.recent ?? []).length > 0
      }),
    savedScreenPrefix(kind),
    { timeout },
  )
}
