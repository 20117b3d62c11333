import { describe, expect, it } from 'vitest'
import { pushSupport, type BrowserTraits } from '../../src/lib/push-support'

const desktopChrome: BrowserTraits = {
  serviceWorker: true,
  pushManager: true,
  notification: true,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  platform: 'Linux x86_64',
  maxTouchPoints: 0,
  standalone: false,
}
const iphoneSafari: BrowserTraits = {
  serviceWorker: true,
  // A Safari tab on iOS has no PushManager and no Notification: only the installed app does.
  pushManager: false,
  notification: false,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 Version/18.2 Mobile/15E148',
  platform: 'iPhone',
  maxTouchPoints: 5,
  standalone: false,
}

describe('push support', () => {
  it('is there where the browser has a service worker, PushManager and Notification', () => {
    expect(pushSupport(desktopChrome)).toBe('supported')
    // The installed app on iOS 16.4+ has them all.
    expect(pushSupport({ ...iphoneSafari, pushManager: true, notification: true, standalone: true })).toBe('supported')
  })

  it('on iPhone and iPad outside the installed app, says to install it (iPadOS poses as a Mac with touch)', () => {
    expect(pushSupport(iphoneSafari)).toBe('ios-install')
    const ipad = { ...iphoneSafari, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel' }
    expect(pushSupport(ipad)).toBe('ios-install')
    // A Mac without touch is just a browser without push.
    expect(pushSupport({ ...ipad, maxTouchPoints: 0 })).toBe('unsupported')
    // Installed but too old an iOS for Web Push: nothing to install any more.
    expect(pushSupport({ ...iphoneSafari, standalone: true })).toBe('unsupported')
  })

  it('is missing without a service worker or without PushManager', () => {
    expect(pushSupport({ ...desktopChrome, serviceWorker: false })).toBe('unsupported')
    expect(pushSupport({ ...desktopChrome, pushManager: false })).toBe('unsupported')
  })
})
