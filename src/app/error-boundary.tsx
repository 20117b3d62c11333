import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Button } from '../components/ui/button'
import './app.css'

/** Where the fallback's buttons go; a full page load, so no broken in-memory state survives. */
export const fallbackActions = {
  goHome(location: Pick<Location, 'assign'> = window.location): void {
    location.assign('/')
  },
  reload(location: Pick<Location, 'reload'> = window.location): void {
    location.reload()
  },
}

/** Spec part 1 §2: the top-level error fallback. */
export function ErrorFallback() {
  return (
    <main className="error-fallback">
      <div className="error-fallback__body" role="alert">
        <div className="error-fallback__icon" aria-hidden="true">
          😵
        </div>
        <h1>Oops! Something went wrong</h1>
        <p>Don't worry — your data is safe. Everything you saved stays on this device and syncs to your account.</p>
        <div className="error-fallback__actions">
          <Button variant="primary" onClick={() => fallbackActions.goHome()}>
            Go to Home
          </Button>
          <Button variant="outline" onClick={() => fallbackActions.reload()}>
            Reload Page
          </Button>
        </div>
      </div>
    </main>
  )
}

/**
 * Catches a render failure below it: the top-level fallback by default, or `fallback` (null for a
 * part of the page that can go missing, like a widget whose chunk could not load offline).
 */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack)
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    return this.props.fallback === undefined ? <ErrorFallback /> : this.props.fallback
  }
}
