/**
 * Whether this browser can receive Web Push. iPhone and iPad browsers can only inside the
 * installed app (iOS 16.4+: Share → Add to Home Screen); a tab there has no PushManager.
 */
export type PushSupport = 'supported' | 'ios-install' | 'unsupported'

export interface BrowserTraits {
  serviceWorker: boolean
  pushManager: boolean
  notification: boolean
  userAgent: string
  platform: string
  maxTouchPoints: number
  /** Running as the installed app (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean
}

export function pushSupport(t: BrowserTraits): PushSupport {
  if (t.serviceWorker && t.pushManager && t.notification) return 'supported'
  // iPadOS presents itself as a Mac with a touch screen.
  const ios = /iP(hone|ad|od)/.test(t.userAgent) || (t.platform === 'MacIntel' && t.maxTouchPoints > 1)
  return ios && !t.standalone ? 'ios-install' : 'unsupported'
}

export function browserTraits(): BrowserTraits {
  const nav = navigator as Navigator & { standalone?: boolean }
  return {
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: typeof window !== 'undefined' && 'PushManager' in window,
    notification: typeof Notification !== 'undefined',
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
  }
}
