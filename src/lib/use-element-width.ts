import { useCallback, useState } from 'react'

/**
 * The element's width in CSS pixels (at least 280), kept current: a chart draws at real size so
 * its text stays legible on phones. Pass the returned ref callback to the element.
 */
export function useElementWidth(initial: number): [(el: HTMLElement | null) => void, number] {
  const [width, setWidth] = useState(initial)
  const ref = useCallback((el: HTMLElement | null) => {
    if (!el) return
    const measure = () => setWidth(Math.max(280, Math.round(el.getBoundingClientRect().width)))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return [ref, width]
}
