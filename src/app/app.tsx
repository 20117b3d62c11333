import { BrowserRouter } from 'react-router-dom'
import { ToastProvider } from '../components/ui/toast'
import { AuthProvider } from './auth/auth-provider'
import { ErrorBoundary } from './error-boundary'
import { PwaUpdatePrompt } from './pwa-update-prompt'
import { AppRoutes } from './router'

export function App() {
  return (
    <ErrorBoundary>
      <AuthProvider>
        <ToastProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <PwaUpdatePrompt />
        </ToastProvider>
      </AuthProvider>
    </ErrorBoundary>
  )
}
