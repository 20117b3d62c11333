import { createContext, useContext } from 'react'
import type { User } from './session'

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out'

export interface AuthState {
  status: AuthStatus
  user: User | null
  token: string | null
}

export interface AuthApi extends AuthState {
  login: (email: string, password: string) => Promise<void>
  register: (input: { name?: string; email: string; password: string }) => Promise<void>
  /** Resolves false when the user cancelled (unsynced changes). */
  logout: () => Promise<boolean>
  /** The public demo: sample data in memory, no account. */
  demo: boolean
  /** Opens the demo; a signed-in account stays stored behind it. */
  startDemo: () => void
  /** Replaces the signed-in user after the server changed it (e.g. onboarding set the name). */
  setUser: (user: User) => void
  /** In the demo with an account stored behind it (opened /demo while signed in). */
  hasAccount: boolean
  /** Ends the demo: back to the stored account, else signed out. */
  leaveDemo: () => Promise<void>
}

export const AuthContext = createContext<AuthApi | null>(null)

/** Using auth outside its provider is a fault (spec part 1 §8). */
export function useAuth(): AuthApi {
  const auth = useContext(AuthContext)
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>')
  return auth
}

/** The signed-in user; only for screens behind the route guard. */
export function useUser(): User {
  const { user } = useAuth()
  if (!user) throw new Error('useUser needs a signed-in user')
  return user
}
