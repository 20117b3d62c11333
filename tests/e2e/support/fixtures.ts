import { test as base } from '@playwright/test'
import { ServerProcess } from './server'

/** One server per test file (worker scope): tests in a file share it and may stop/restart it. */
export const test = base.extend<{ baseURL: string }, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await ServerProcess.create()
      await use(server)
      await server.dispose()
    },
    { scope: 'worker' },
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
