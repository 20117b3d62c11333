import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from 'react'
import * as authApi from '../../data/auth-api'
import { ApiError } from '../../data/http'
import {
  clearSession,
  DEMO_USER,
  isDemoSession,
  onSessionChangedElsewhere,
  onUnauthorized,
  readSession,
  setDemoSession,
  writeSession,
  writeUser,
  type User,
} from '../../data/session'
import { getSyncSnapshot } from '../../data/sync-state'
import { forgetSavedScreens } from '../../data/saved-screen-keys'
import { AuthContext, type AuthApi, type AuthState } from '../../data/auth-context'

/** The user id (`sub`) of a JWT, to open the local database offline when no user was cached. */
function userFromToken(token: string): User | null {
  try {
    const payload = token.split('.')[1]
    if (!payload) return null
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; email?: unknown }
    return typeof json.sub === 'string'
      ? { id: json.sub, email: typeof json.email === 'string' ? json.email : '' }
      : null
  } catch {
    return null
  }
}

/** The stored account's state (signed out when none), e.g. after leaving the demo. */
function storedState(): AuthState {
  const stored = readSession()
  if (!stored) return { status: 'signed-out', user: null, token: null }
  return stored.user
    ? { status: 'signed-in', user: stored.user, token: stored.token }
    : { status: 'loading', user: null, token: stored.token }
}

function initialState(): AuthState {
  // A demo opened while signed in keeps the account stored behind it.
  if (isDemoSession()) return { status: 'signed-in', user: DEMO_USER, token: null }
  const stored = readSession()
  if (!stored) return { status: 'signed-out', user: null, token: null }
  // A cached user opens the app at once (offline too); /auth/me confirms it in the background.
  if (stored.user) return { status: 'signed-in', user: stored.user, token: stored.token }
  return { status: 'loading', user: null, token: stored.token }
}

/** The data layer (rxdb) loads lazily, so the login screen stays small. */
const dataLayer = () => import('../../data/database')

type SetState = Dispatch<SetStateAction<AuthState>>

/**
 * Ends the session on a 401 from any call, and follows other tabs: one browser, one session. A
 * logout (or a revoked token) in any tab signs out every tab at once, so a shared computer shows
 * nobody's data after a logout; a renewed token is adopted.
 */
function useSessionEvents(stateRef: RefObject<AuthState>, setState: SetState) {
  const endSession = useCallback(() => {
    clearSession()
    setState({ status: 'signed-out', user: null, token: null })
    // Keep the local database: its unsynced changes push after the next sign-in.
    void dataLayer().then((data) => data.closeUserData())
  }, [setState])

  useEffect(() => onUnauthorized(endSession), [endSession])

  useEffect(
    () =>
      onSessionChangedElsewhere((session) => {
        const here = stateRef.current
        if (session?.token === here.token) return
        if (!session) {
          if (here.token) endSession()
        } else if (session.user && session.user.id === here.user?.id) {
          setState({ status: 'signed-in', user: session.user, token: session.token })
        } else {
          window.location.reload()
        }
      }),
    [endSession, stateRef, setState],
  )
}

/** On load a stored token is checked with /auth/me; a failed fetch keeps the session. */
function useTokenCheck(setState: SetState) {
  useEffect(() => {
    const token = readSession()?.token
    if (!token) return
    const controller = new AbortController()
    authApi
      .fetchMe(token, controller.signal)
      .then((user) => {
        writeUser(user)
        setState((s) => (s.token === token ? { status: 'signed-in', user, token } : s))
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof ApiError && error.status === 401) return // onUnauthorized ended it
        console.warn('Auth check failed', error)
        setState((s) => {
          if (s.token !== token || s.status !== 'loading') return s
          const user = userFromToken(token)
          return user ? { status: 'signed-in', user, token } : { status: 'signed-out', user: null, token: null }
        })
      })
    return () => controller.abort()
  }, [setState])
}

/** Starting and leaving the public demo. */
function useDemo(setState: SetState) {
  const startDemo = useCallback(() => {
    setDemoSession(true)
    setState({ status: 'signed-in', user: DEMO_USER, token: null })
  }, [setState])

  const leaveDemo = useCallback(async () => {
    setDemoSession(false)
    const next = storedState()
    setState(next)
    // With an account the gate opens its database (closing the demo's); without one, close it here.
    if (next.status !== 'signed-in') await dataLayer().then((data) => data.closeUserData())
  }, [setState])
  return { startDemo, leaveDemo }
}

/** Logout warns about unsynced changes, then removes this user's local database. */
function useLogout(stateRef: RefObject<AuthState>, setState: SetState, leaveDemo: () => Promise<void>) {
  return useCallback(async () => {
    const { user } = stateRef.current
    if (user?.id === DEMO_USER.id) {
      await leaveDemo()
      return true
    }
    // What was just written may still be on its way up: wait for it, then ask only about what
    // could not go up (offline), not about a change a moment from the server.
    const pending = await dataLayer().then(
      (data) => data.waitForPushes(),
      () => getSyncSnapshot().pending,
    )
    if (pending > 0) {
      const noun = pending === 1 ? 'change has' : 'changes have'
      const ok = window.confirm(`${pending} ${noun} not synced yet and will be lost if you log out now. Logout anyway?`)
      if (!ok) return false
    }
    // This device stops receiving the account's reminders (bounded: a logout never hangs on it).
    await import('../../data/push-device').then(
      (push) => push.forgetDevice(stateRef.current.token),
      () => undefined,
    )
    clearSession()
    // At once, not after the data layer loads: the next person on this device never sees it.
    if (user) forgetSavedScreens(user.id)
    setState({ status: 'signed-out', user: null, token: null })
    if (user) {
      try {
        const data = await dataLayer()
        await data.removeUserData(user.id)
      } catch (error) {
        console.warn('Could not remove the local database', error)
      }
    }
    return true
  }, [stateRef, setState, leaveDemo])
}

/** Sign-in, sign-up and an updated user, each stored with the session. */
function useAccountActions(setState: SetState) {
  const login = useCallback(
    async (email: string, password: string) => {
      const { user, token } = await authApi.login(email, password)
      setDemoSession(false)
      writeSession(token, user)
      setState({ status: 'signed-in', user, token })
    },
    [setState],
  )

  const register = useCallback(
    async (input: { name?: string; email: string; password: string }) => {
      const { user, token } = await authApi.register(input)
      setDemoSession(false)
      writeSession(token, user)
      setState({ status: 'signed-in', user, token })
    },
    [setState],
  )

  const setUser = useCallback(
    (user: User) => {
      writeUser(user)
      setState((s) => (s.status === 'signed-in' && s.user?.id === user.id ? { ...s, user } : s))
    },
    [setState],
  )
  return { login, register, setUser }
}

/**
 * Auth per spec part 1 §4: token and user in localStorage; on load a stored token is checked
 * with /auth/me. A 401 (there or from any sync call) ends the session; a failed fetch keeps it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initialState)
  const stateRef = useRef(state)
  useEffect(() => {
    stateRef.current = state
  }, [state])

  useSessionEvents(stateRef, setState)
  useTokenCheck(setState)
  const { startDemo, leaveDemo } = useDemo(setState)
  const logout = useLogout(stateRef, setState, leaveDemo)
  const { login, register, setUser } = useAccountActions(setState)

  const demo = state.user?.id === DEMO_USER.id
  const hasAccount = demo && readSession() !== null
  const api = useMemo<AuthApi>(
    () => ({ ...state, login, register, logout, demo, startDemo, setUser, hasAccount, leaveDemo }),
    [state, login, register, logout, demo, startDemo, setUser, hasAccount, leaveDemo],
  )
  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>
}
