import { useEffect, useState } from 'react'

/**
 * "Now" in ms, fixed when the screen mounts so every figure on it agrees (and renders stay
 * pure); with `tickMs` it moves on at that interval (e.g. a countdown or a due-today list).
 */
export function useNow(tickMs?: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!tickMs) return
    const timer = setInterval(() => setNow(Date.now()), tickMs)
    return () => clearInterval(timer)
  }, [tickMs])
  return now
}
