import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium'

/**
 * Specs that measure time or load the machine on purpose run alone, after the others: three
 * converging devices, a 50k first download, "within a second" checks, tab leadership.
 */
const ALONE = [
  'convergence.spec.ts',
  'first-sync.spec.ts',
  'chrome-navigation.spec.ts',
  'whatsapp-webhook.spec.ts',
  'leader-tab.spec.ts',
  'server-process.spec.ts',
]

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
  // The other spec files run two at a time (each with its own server and browser).
  workers: 2,
  projects: [
    { name: 'shared', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, dependencies: ['shared'], workers: 1 },
  ],
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
