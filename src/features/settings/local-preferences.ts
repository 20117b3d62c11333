import { useSyncExternalStore } from 'react'

/**
 * Appearance choices kept on this device only (spec part 1 §2: Push Notifications and Haptic
 * Feedback are local). A tiny store over localStorage so every screen reads the same value.
 */
export type LocalPreference = 'push' | 'haptics'

const KEYS: Record<LocalPreference, string> = { push: 'hisaab.pref.push', haptics: 'hisaab.pref.haptics' }
const listeners = new Set<() => void>()

export function readLocalPreference(name: LocalPreference): boolean {
  try {
    return localStorage.getItem(KEYS[name]) === '1'
  } catch {
    return false
  }
}

export function writeLocalPreference(name: LocalPreference, on: boolean): void {
  try {
    localStorage.setItem(KEYS[name], on ? '1' : '0')
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useLocalPreference(name: LocalPreference): boolean {
  return useSyncExternalStore(
    subscribe,
    () => readLocalPreference(name),
    () => false,
  )
}

export type NotificationSupport = 'unsupported' | NotificationPermission

export function notificationSupport(): NotificationSupport {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/** Asks the browser for permission and, when granted, shows one notification to confirm it works. */
export async function enableNotifications(): Promise<NotificationSupport> {
  if (typeof Notification === 'undefined') return 'unsupported'
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission()
  if (permission !== 'granted') return permission
  const options = {
    body: 'Notifications are on for this device.',
    icon: '/icons/icon.svg',
    tag: 'hisaab-notifications-on',
  }
  try {
    const registration = await navigator.serviceWorker?.getRegistration()
    if (registration) await registration.showNotification('Hisaab', options)
    else new Notification('Hisaab', options)
  } catch {
    // Showing the confirmation is a courtesy; the permission stands.
  }
  return permission
}

/** A short vibration where the device supports it. */
export function vibrate(ms: number): boolean {
  return typeof navigator.vibrate === 'function' ? navigator.vibrate(ms) : false
}
