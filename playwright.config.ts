import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium'

/**
 * Browser tests drive Debian's Chromium (`npx playwright install` cannot download here).
 * Each test file starts its own server process on a free port with a temp data directory
 * (tests/e2e/support/server.ts), so a test can stop and restart it to go truly offline.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    serviceWorkers: 'allow',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
})
