import { ShieldCheck } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link, Navigate, useNavigate } from 'react-router-dom'
import { Button } from '../../components/ui/button'
import { PasswordField, TextField } from '../../components/ui/field'
import { LoadingScreen } from '../../components/ui/spinner'
import * as authApi from '../../data/auth-api'
import { ApiError, NetworkError } from '../../data/http'
import { useAuth } from '../../data/auth-context'
import { useBrand } from '../../data/use-brand'
import { OFFLINE_TEXT } from './admin-format'
import './admin.css'
import { AlertLine } from '../../components/ui/alert-line'
import { useRecheck } from '../../lib/use-recheck'

/** Spec part 2 §8 'Admin login'. */
export const ADMIN_LOGIN_ERRORS = {
  failed: 'Login failed',
  invalid: 'Invalid admin credentials',
  denied: 'Access denied. Admin credentials required.',
} as const

function loginError(error: unknown): string {
  if (error instanceof NetworkError) return OFFLINE_TEXT
  if (error instanceof ApiError) {
    if (error.status === 401) return ADMIN_LOGIN_ERRORS.invalid
    // The server's own words (a suspended account, a validation message), else the spec's fallback.
    return /^HTTP \d+$/.test(error.message) ? ADMIN_LOGIN_ERRORS.failed : error.message
  }
  return ADMIN_LOGIN_ERRORS.invalid
}

/** /admin/login (public): an account that is not an admin is refused and never signed in. */
export default function AdminLoginScreen() {
  const { status, user, login } = useAuth()
  const { appName } = useBrand()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const check = useRecheck(() => (!email.trim() || !password ? 'Please enter your email and password' : null))

  if (status === 'loading') return <LoadingScreen />
  if (status === 'signed-in' && user?.role === 'admin') return <Navigate to="/admin" replace />

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (check.submit() !== null) return
    setBusy(true)
    setFailure(null)
    try {
      const checked = await authApi.login(email.trim(), password)
      if (checked.user.role !== 'admin') {
        setFailure(ADMIN_LOGIN_ERRORS.denied)
        return
      }
      // Spec part 2 §7: the general sign-in follows with the same credentials and keeps the session.
      await login(email.trim(), password)
      void navigate('/admin', { replace: true })
    } catch (caught) {
      setFailure(loginError(caught))
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="admin-login">
      <form className="admin-login__card" onSubmit={(e) => void submit(e)} noValidate>
        <ShieldCheck size={36} aria-hidden="true" className="admin-login__icon" />
        <h1>{appName} Admin</h1>
        <p className="admin-muted">Sign in with an administrator account.</p>
        <AlertLine message={check.result ?? failure} className="admin-alert" />
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField label="Password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" fullWidth disabled={busy}>
          {busy ? 'Signing in…' : 'Login to Admin'}
        </Button>
        <Link to="/login" className="admin-login__back">
          Back to user login
        </Link>
      </form>
    </main>
  )
}
