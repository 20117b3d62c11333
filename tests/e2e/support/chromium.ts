/**
 * Debian's Chromium (`npx playwright install` cannot download here) and the flags this machine needs:
 * without the background-networking ones, Chromium's connections are refused by the closed network.
 * Shared by the Playwright config and every bench that starts a browser.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
