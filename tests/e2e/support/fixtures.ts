import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { ServerProcess } from './server'

/**
 * `E2E_CPU_THROTTLE=4` runs every page's main thread four times slower (Chromium's
 * `Emulation.setCPUThrottlingRate`, as DevTools' CPU throttle does), to shake out races that a
 * slower machine would meet: a test must wait for what it depends on, never for time to pass.
 */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? '1')

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE })
}

/** Every context the browser opens (the `page` fixture's and the ones tests open) throttles its pages. */
function throttled(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (...args: Parameters<Browser['newContext']>): Promise<BrowserContext> => {
    const context = await newContext(...args)
    context.on('page', (page) => {
      throttle(page).catch((error: unknown) => console.warn('CPU throttle not applied', error))
    })
    return context
  }
  return browser
}

/**
 * `test.use(ownServer('name'))`: the file gets a server of its own (a worker option of its own
 * starts one), so what it leaves in the database (daily exchange rates, business books) reaches
 * no other file, and what others leave does not reach it. The variable means nothing to the server.
 */
export function ownServer(file: string): { serverEnv: Record<string, string> } {
  return { serverEnv: { TEST_SERVER_OF: file } }
}

/**
 * One server per worker, shared by the test files it runs: a test may stop, restart or re-set it,
 * and the next test gets it back running as created. `test.use({ serverEnv })` gives a file's
 * server its own settings.
 */
export const test = base.extend<
  { baseURL: string; restoredServer: void },
  { server: ServerProcess; serverEnv: Record<string, string> }
>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  browser: [
    async ({ browser }, use) => {
      await use(CPU_THROTTLE > 1 ? throttled(browser) : browser)
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ serverEnv }, use) => {
      const server = await ServerProcess.create(serverEnv)
      await use(server)
      await server.dispose()
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  restoredServer: [
    async ({ server }, use) => {
      await server.restore()
      await use()
    },
    { auto: true },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url)
  },
})

export { expect } from '@playwright/test'

let counter = 0
/** A fresh, unique account for a test. */
export function newUser(label = 'user') {
  counter += 1
  const stamp = `${Date.now().toString(36)}${counter}`
  return { name: `Asha ${label}`, email: `${label}.${stamp}@example.com`, password: 'secret-pass-1' }
}
