import { useLocation } from 'react-router-dom'
import { ButtonLink } from '../components/ui/button'
import { useAuth } from '../data/auth-context'
import './app.css'

/**
 * An address the app does not know: says so and offers the way home (the signed-in home, or the
 * landing page), instead of quietly landing somewhere else.
 */
export default function NotFoundScreen() {
  const { pathname } = useLocation()
  const { status } = useAuth()
  return (
    <main className="error-fallback">
      <div className="error-fallback__body">
        <div className="error-fallback__icon" aria-hidden="true">
          🧭
        </div>
        <h1>Page not found</h1>
        <p>
          There is no page at <code className="not-found__path">{pathname}</code>. Check the address, or start again
          from home.
        </p>
        <div className="error-fallback__actions">
          <ButtonLink to={status === 'signed-in' ? '/home' : '/'} variant="primary">
            Go to Home
          </ButtonLink>
        </div>
      </div>
    </main>
  )
}
