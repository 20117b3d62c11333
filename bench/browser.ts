import type { Browser, Page } from '@playwright/test'
import type { ServerProcess } from '../tests/e2e/support/server'
import type { Account } from './seed'

/** A page of the built app signed in as `account`, with the debug handle enabled. */
export async function signedInPage(browser: Browser, server: ServerProcess, account: Account): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
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
