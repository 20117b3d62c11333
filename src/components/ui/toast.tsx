import { flushSync } from 'react-dom'
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import './ui.css'

export type ToastTone = 'success' | 'error' | 'info'

interface ToastMessage {
  id: number
  text: string
  tone: ToastTone
}

interface ToastApi {
  show(text: string, tone?: ToastTone, durationMs?: number): void
  /**
   * The same, put on screen in this task, ahead of whatever else is waiting to render (the lists
   * a save just changed): a save's confirmation. Not for use while React renders.
   */
  showNow(text: string, tone?: ToastTone): void
}

const ToastContext = createContext<ToastApi | null>(null)

/** Spec part 1 §9: a toast stays 3 s. */
export const TOAST_MS = 3_000

/** Holds the current toast above the routes so it survives navigation (add → home). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastMessage | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const nextId = useRef(1)

  const show = useCallback((text: string, tone: ToastTone = 'success', durationMs = TOAST_MS) => {
    clearTimeout(timer.current)
    setToast({ id: nextId.current++, text, tone })
    timer.current = setTimeout(() => setToast(null), durationMs)
  }, [])

  const showNow = useCallback((text: string, tone?: ToastTone) => flushSync(() => show(text, tone)), [show])
  useEffect(() => () => clearTimeout(timer.current), [])
  const api = useMemo(() => ({ show, showNow }), [show, showNow])

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region">
        {toast ? (
          <div key={toast.id} className={`toast toast--${toast.tone}`} role="status" aria-live="polite">
            {toast.text}
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  )
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext)
  if (!api) throw new Error('useToast must be used inside <ToastProvider>')
  return api
}
