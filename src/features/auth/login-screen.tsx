import { lazy, Suspense, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useAuth } from '../../data/auth-context'
import { TextField } from '../../components/ui/field'
import { ApiError, NetworkError } from '../../data/http'
import { openSignedIn, preloadSignedIn } from '../../app/router'
import { AuthLayout, AuthSubmit } from './auth-layout'

// The help form (and the zod contracts it sends with) loads on the first open, not with the sign-in screen.
const LoginHelpModal = lazy(() => import('./login-help-modal').then((m) => ({ default: m.LoginHelpModal })))

/** Sign up, the demo, Get Help and the admin sign-in, under the form. */
function LoginLinks({ onHelp }: { onHelp: () => void }) {
  return (
    <span className="auth__links">
      <span>
        Don't have an account? <Link to="/signup">Sign up</Link>
      </span>
      <span>
        Just looking? <Link to="/demo">Try the live demo</Link>
      </span>
      <span>
        Trouble logging in?{' '}
        <button type="button" className="auth__help" onClick={onHelp}>
          Get Help
        </button>
      </span>
      <Link to="/admin/login">Admin? Login here</Link>
    </span>
  )
}

export default function LoginScreen() {
  const { login } = useAuth()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [helpOpen, setHelpOpen] = useState(false)
  const [helpUsed, setHelpUsed] = useState(false)
  const openHelp = () => {
    setHelpUsed(true)
    setHelpOpen(true)
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    setSubmitting(true)
    setError(null)
    preloadSignedIn()
    try {
      await login(email.trim(), password)
      openSignedIn()
      void navigate('/home', { replace: true })
    } catch (e) {
      // The server's message as given (spec part 1 §8), else 'Login failed'.
      if (e instanceof ApiError && e.message && !e.message.startsWith('HTTP ')) setError(e.message)
      else if (e instanceof NetworkError)
        setError('Login failed — you appear to be offline. Signing in needs a connection.')
      else setError('Login failed')
      setSubmitting(false)
    }
  }

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to keep track of your money."
      footer={<LoginLinks onHelp={openHelp} />}
    >
      <form className="auth__form" onSubmit={(e) => void onSubmit(e)}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <AuthSubmit error={error} submitting={submitting} label="Sign In" busyLabel="Signing in..." />
      </form>
      {helpUsed ? (
        <Suspense fallback={null}>
          <LoginHelpModal open={helpOpen} onClose={() => setHelpOpen(false)} />
        </Suspense>
      ) : null}
    </AuthLayout>
  )
}
