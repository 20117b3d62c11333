import { useSyncExternalStore } from 'react'

/**
 * Appearance choices kept on this device only (spec part 1 §2: Haptic Feedback is local; Push
 * Notifications follow this device's push subscription, push-notifications.tsx). A tiny store
 * over localStorage so every screen reads the same value.
 */
export type LocalPreference = 'haptics'

const KEYS: Record<LocalPreference, string> = { haptics: 'hisaab.pref.haptics' }
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

/** A short vibration where the device supports it. */
export function vibrate(ms: number): boolean {
  return typeof navigator.vibrate === 'function' ? navigator.vibrate(ms) : false
}
