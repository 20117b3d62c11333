import { useContext, useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ButtonLink } from '../../components/ui/button'
import { ThemeToggle } from '../../components/ui/theme-toggle'
import { HelpSlotContext } from '../../lib/help-slot'
import { useNow } from '../../lib/use-now'
import './public.css'

/** Past this many pixels of scrolling the dark landing's nav turns solid (spec part 1 §2). */
export const NAV_SCROLL_THRESHOLD = 50

function useScrolledPast(threshold: number, enabled: boolean): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    if (!enabled) return
    const update = () => setPast(window.scrollY > threshold)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [threshold, enabled])
  return past
}

export function Brand() {
  return (
    <Link to="/" className="public-brand" aria-label="Hisaab home">
      <img src="/icons/icon.svg" alt="" width={32} height={32} />
      <span>Hisaab</span>
    </Link>
  )
}

/** The signed-out top bar: brand, How it works, Sign In and the start button. */
function PublicNav({ scrollStyled, startTo }: { scrollStyled: boolean; startTo: string }) {
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD, scrollStyled)
  const classes = ['public-nav', scrollStyled ? 'public-nav--overlay' : '', scrolled ? 'public-nav--scrolled' : '']
  return (
    <header className={classes.filter(Boolean).join(' ')} data-scrolled={scrolled || undefined}>
      <nav className="public-nav__inner" aria-label="Main">
        <Brand />
        <div className="public-nav__links">
          <Link to="/how-it-works" className="public-nav__link public-nav__link--wide">
            How it works
          </Link>
          <Link to="/login" className="public-nav__link">
            Sign In
          </Link>
          {scrollStyled ? null : <ThemeToggle />}
          <ButtonLink to={startTo} size="sm">
            Get Started
          </ButtonLink>
        </div>
      </nav>
    </header>
  )
}

function PublicFooter() {
  const year = new Date(useNow()).getFullYear()
  const helpSlot = useContext(HelpSlotContext)
  return (
    <footer className="public-footer">
      {/* Help sits here, not floating over the page's buttons (the phone's header has no room for it). */}
      <span className="public-footer__help" ref={helpSlot} />
      <nav className="public-footer__links" aria-label="Footer">
        <Link to="/how-it-works">How it works</Link>
        <Link to="/demo">Live Demo</Link>
        <Link to="/privacy">Privacy</Link>
        <Link to="/terms">Terms</Link>
        <Link to="/contact">Contact</Link>
      </nav>
      <p className="public-footer__copy">© {year} Hisaab. Made for India, works offline.</p>
    </footer>
  )
}

/**
 * The frame of the public pages. `variant` 'dark' is the old landing (/old): always dark, with a
 * nav over the hero that turns solid once the page scrolls past 50 px.
 */
export function PublicLayout({
  children,
  variant = 'theme',
  startTo = '/onboarding',
}: {
  children: ReactNode
  variant?: 'theme' | 'dark'
  startTo?: string
}) {
  return (
    <div className={variant === 'dark' ? 'public public--dark' : 'public'}>
      <PublicNav scrollStyled={variant === 'dark'} startTo={startTo} />
      <main className="public-main" id="main">
        {children}
      </main>
      <PublicFooter />
    </div>
  )
}

/** A plain text page (privacy, terms, contact). */
export function DocumentPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <PublicLayout>
      <article className="public-doc">
        <h1>{title}</h1>
        {updated ? <p className="public-doc__updated">{updated}</p> : null}
        {children}
      </article>
    </PublicLayout>
  )
}
