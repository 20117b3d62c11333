import { BrowserRouter } from 'react-router-dom'
import { ToastProvider } from '../components/ui/toast'
import { AuthProvider } from './auth/auth-provider'
import { ErrorBoundary } from './error-boundary'
import { AppRoutes } from './router'
import './app.css'

export function App() {
  return (
    <ErrorBoundary>
      <AuthProvider>
        <ToastProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </ToastProvider>
      </AuthProvider>
    </ErrorBoundary>
  )
}
