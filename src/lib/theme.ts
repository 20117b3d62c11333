import { useSyncExternalStore } from 'react'

export type Theme = 'light' | 'dark'

const STORAGE_KEY = 'hisaab.theme'
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)')

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY)
    return value === 'light' || value === 'dark' ? value : null
  } catch {
    return null
  }
}

/** The stored choice, else the system preference (spec part 1 §4). */
export function currentTheme(): Theme {
  return storedTheme() ?? (darkQuery().matches ? 'dark' : 'light')
}

const listeners = new Set<() => void>()
function notify() {
  document.documentElement.dataset.theme = currentTheme()
  for (const listener of listeners) listener()
}

/** Stores the user's choice; from then on the system preference no longer applies. */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme)
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  notify()
}

export function toggleTheme(): void {
  setTheme(currentTheme() === 'dark' ? 'light' : 'dark')
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Applies the theme to <html data-theme> and keeps it current: the system preference is
 * followed only while there is no stored choice; other tabs' choices arrive via 'storage'.
 * Called once at start.
 */
export function startThemeSync(): void {
  document.documentElement.dataset.theme = currentTheme()
  darkQuery().addEventListener('change', () => {
    if (storedTheme() === null) notify()
  })
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) notify()
  })
}

/** The theme in effect, re-rendering when the user or (without a stored choice) the system changes it. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light')
}
