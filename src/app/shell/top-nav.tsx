import { ChevronDown } from 'lucide-react'
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { NavLink, useLocation } from 'react-router-dom'
import { itemsThatFit, navItemsFor, type NavItem } from './nav-items'

/**
 * How many items the row shows: measured from an invisible copy of every label (and of the More
 * button) against the row's width, again whenever either changes size (a resize, a font loading).
 */
function useItemsShown(count: number) {
  const rowRef = useRef<HTMLDivElement>(null)
  const measureRef = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(count)
  useLayoutEffect(() => {
    const row = rowRef.current
    const measure = measureRef.current
    if (!row || !measure) return
    const fit = () => {
      const style = getComputedStyle(row)
      const room = row.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      const widths = [...measure.children].map((child) => child.getBoundingClientRect().width)
      const more = widths.pop() ?? 0
      setShown(itemsThatFit(widths, room, more, parseFloat(style.columnGap) || 0))
    }
    fit()
    const observer = new ResizeObserver(fit)
    observer.observe(row)
    observer.observe(measure)
    return () => observer.disconnect()
  }, [])
  return { rowRef, measureRef, shown }
}

/** The items that did not fit, behind a More button; closes on Esc, a click elsewhere or a navigation. */
function MoreMenu({ items }: { items: readonly NavItem[] }) {
  const { pathname } = useLocation()
  // Open on the page it was opened on: a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname
  const setOpen = (next: boolean | ((was: boolean) => boolean)) =>
    setOpenOn((on) => ((typeof next === 'function' ? next(on === pathname) : next) ? pathname : null))
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listId = useId()
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpenOn(null)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])
  const here = items.some((item) => pathname === item.to)
  return (
    <div
      className="topnav__more"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return
        setOpen(false)
        buttonRef.current?.focus()
      }}
    >
      <button
        type="button"
        ref={buttonRef}
        className={`topnav__link topnav__more-button${here ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        More
        <ChevronDown size={16} aria-hidden="true" />
      </button>
      <ul className="topnav__menu" id={listId} hidden={!open}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className="topnav__menu-link">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The nav row of wide screens: one row, never two. The items that do not fit the width go, in
 * order, behind a More button at the row's end (at 1280 px everything fits).
 */
export function TopNav() {
  const items = navItemsFor('top')
  const { rowRef, measureRef, shown } = useItemsShown(items.length)
  return (
    <nav className="topnav" aria-label="Main">
      <div className="topnav__inner" ref={rowRef}>
        {items.slice(0, shown).map((item) => (
          <NavLink key={item.to} to={item.to} className="topnav__link">
            {item.label}
          </NavLink>
        ))}
        {shown < items.length ? <MoreMenu items={items.slice(shown)} /> : null}
        <div className="topnav__measure" ref={measureRef} aria-hidden="true">
          {items.map((item) => (
            <span key={item.to} className="topnav__link">
              {item.label}
            </span>
          ))}
          <span className="topnav__link topnav__more-button">
            More
            <ChevronDown size={16} aria-hidden="true" />
          </span>
        </div>
      </div>
    </nav>
  )
}
