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

export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack)
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorFallback /> : this.props.children
  }
}
