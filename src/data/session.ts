/**
 * The signed-in session kept in localStorage (spec part 1 §4): the token and the last known user,
 * so the app opens offline after a reload. No rxdb here: the login screens import it.
 */
import { DEMO_OWNER } from '../../schema/demo-owner'

export interface User {
  id: string
  email: string
  name?: string | null
  phone_number?: string | null
  role?: string
  currency?: string
}

const TOKEN_KEY = 'hisaab.token'
const USER_KEY = 'hisaab.user'

export interface StoredSession {
  token: string
  user: User | null
}

export function readSession(): StoredSession | null {
  const token = localStorage.getItem(TOKEN_KEY)
  if (!token) return null
  let user: User | null = null
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')
    if (parsed && typeof parsed === 'object' && typeof (parsed as User).id === 'string') user = parsed as User
  } catch {
    user = null
  }
  return { token, user }
}

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY)
}

export function writeSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token)
  localStorage.setItem(USER_KEY, JSON.stringify(user))
}

export function writeUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user))
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
}

/**
 * The public demo (/demo): a per-tab session with a sample user and an in-memory database.
 * No account, nothing stored on the device, no server call.
 */
const DEMO_KEY = 'hisaab.demo'
export const DEMO_USER: User = { id: DEMO_OWNER, email: 'demo@hisaab.app', name: 'Demo User', currency: 'INR' }
export const DEMO_REFUSAL = 'This is the demo with sample data: create a free account to use this.'

export function isDemoSession(): boolean {
  try {
    return sessionStorage.getItem(DEMO_KEY) === '1'
  } catch {
    return false
  }
}

export function setDemoSession(on: boolean): void {
  if (on) sessionStorage.setItem(DEMO_KEY, '1')
  else sessionStorage.removeItem(DEMO_KEY)
}

const unauthorizedListeners = new Set<() => void>()

/** Called when any request made with the stored token gets a 401: the session is over. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener)
  return () => unauthorizedListeners.delete(listener)
}

export function notifyUnauthorized(): void {
  for (const listener of [...unauthorizedListeners]) listener()
}

/**
 * Calls `listener` with the stored session when another tab of this browser signs in or out or
 * renews the token (the `storage` event fires only in the other tabs).
 */
export function onSessionChangedElsewhere(listener: (session: StoredSession | null) => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener(readSession())
  }
  window.addEventListener('storage', handler)
  return () => window.removeEventListener('storage', handler)
}

/** Display name: the name, else the e-mail, else 'User' (spec part 1 §3). */
export function displayName(user: User | null | undefined): string {
  return user?.name?.trim() || user?.email || 'User'
}

export function firstName(user: User | null | undefined): string {
  const name = user?.name?.trim()
  if (name) return name.split(/\s+/)[0]!
  if (user?.email) return user.email.split('@')[0]!
  return 'User'
}
