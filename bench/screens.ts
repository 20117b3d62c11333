import type { Page } from '@playwright/test'
import { untilScreenSaved } from './browser'
import { DESKTOP, type DeviceProfile } from './profiles'
import { percentile } from './stats'

/** Makes `page` the profile's device (viewport, touch, CPU) for what follows; returns how to undo it. */
async function emulate(page: Page, profile: DeviceProfile): Promise<() => Promise<void>> {
  if (profile === DESKTOP) return () => Promise.resolve()
  const cdp = await page.context().newCDPSession(page)
  const { viewport, deviceScaleFactor, isMobile, hasTouch } = profile.context
  await cdp.send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor, mobile: isMobile })
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: hasTouch })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate })
  return async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false })
    await cdp.send('Emulation.clearDeviceMetricsOverride')
    await cdp.detach()
  }
}

/** ms from navigation start until `selector` matches at least `count` elements (measured in the page). */
async function timeToSelector(page: Page, url: string, selector: string, count: number): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' })
  return page.evaluate(
    async ({ selector, count }) => {
      for (;;) {
        if (document.querySelectorAll(selector).length >= count) return performance.now()
        await new Promise((r) => requestAnimationFrame(r))
      }
    },
    { selector, count },
  )
}

/**
 * First render of /home and /transactions with the stored set (median of 3 loads,
 * navigation start → first rows and figures on screen), and frame times while scrolling the
 * virtualised /transactions list, on `profile` (the phone: its viewport, touch and slower CPU).
 */
export async function benchScreens(page: Page, origin: string, profile: DeviceProfile = DESKTOP) {
  const restore = await emulate(page, profile)
  const loads = async (path: string, selector: string, count: number) => {
    const times: number[] = []
    for (let i = 0; i < 3; i++) times.push(await timeToSelector(page, `${origin}${path}`, selector, count))
    return percentile(times, 50)
  }
  // /home and /transactions first paint the user's saved screen, then the live one (database
  // open, queries answered).
  const homeMs = await loads('/home', '[data-testid="transaction-item"]', 5)
  const homeLiveMs = await loads('/home', '.home:not([data-snapshot]) [data-testid="transaction-item"]', 5)
  // The list's saved head is written once its totals are known (the month totals' read of every row).
  await page.goto(`${origin}/transactions`)
  await untilScreenSaved(page, 'ledger', 60_000)
  const transactionsMs = await loads('/transactions', '[role="listitem"]', 5)
  const transactionsLiveMs = await loads('/transactions', '.ledger:not([data-snapshot]) [role="listitem"]', 5)

  // Scroll the window-virtualised list 40 px per frame for 300 frames; record each frame's duration.
  const frames = await page.evaluate(async () => {
    const durations: number[] = []
    let last = await new Promise<number>((r) => requestAnimationFrame(r))
    for (let i = 0; i < 300; i++) {
      window.scrollBy(0, 40)
      const now = await new Promise<number>((r) => requestAnimationFrame(r))
      durations.push(now - last)
      last = now
    }
    return { durations, scrolledTo: window.scrollY, rendered: document.querySelectorAll('[role="listitem"]').length }
  })
  // rAF intervals jitter by about a millisecond around 16.7 ms at 60 Hz: over 18 ms is a frame
  // that took longer than its 16 ms budget; over 33 ms is a whole missed frame.
  const over16 = frames.durations.filter((d) => d > 18).length
  const missed = frames.durations.filter((d) => d > 33.4).length
  await restore()
  return {
    profile: profile.name,
    cpuRate: profile.cpuRate,
    homeFirstRenderMs: homeMs,
    homeLiveRenderMs: homeLiveMs,
    transactionsFirstRenderMs: transactionsMs,
    transactionsLiveRenderMs: transactionsLiveMs,
    scroll: {
      frames: frames.durations.length,
      framesOver16ms: over16,
      framesOver33ms: missed,
      framesOver50ms: frames.durations.filter((d) => d > 50).length,
      p95FrameMs: percentile(frames.durations, 95),
      scrolledPx: frames.scrolledTo,
      rowsInDom: frames.rendered,
    },
  }
}
