import { useCallback, useEffect, useState, type DependencyList } from 'react'
import { useAuth } from '../../data/auth-context'

export interface AdminLoad<T> {
  /** The last loaded data (kept while a newer request runs). */
  data: T | null
  error: unknown
  loading: boolean
  reload: () => void
  /** Replaces the data with what an action returned (no second round trip). */
  setData: (data: T) => void
}

interface State<T> {
  key: string | null
  data: T | null
  error: unknown
}

/** Loads one back-office resource with the admin's token; re-runs when `deps` change or on reload(). */
export function useAdminLoad<T>(
  load: (token: string | null, signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): AdminLoad<T> {
  const { token } = useAuth()
  const [attempt, setAttempt] = useState(0)
  const key = JSON.stringify([attempt, ...deps])
  const [state, setState] = useState<State<T>>({ key: null, data: null, error: null })

  useEffect(() => {
    const controller = new AbortController()
    load(token, controller.signal)
      .then((data) => setState({ key, data, error: null }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        console.warn('Admin request failed', error)
        setState({ key, data: null, error })
      })
    return () => controller.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, key])

  const reload = useCallback(() => setAttempt((n) => n + 1), [])
  const setData = useCallback((data: T) => setState((s) => ({ ...s, data, error: null })), [])
  return { data: state.data, error: state.error, loading: state.key !== key, reload, setData }
}
