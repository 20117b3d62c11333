import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useAuth } from '../../lib/auth-context'
import { TextField } from '../../components/ui/field'
import { ApiError } from '../../data/http'
import { AuthLayout, AuthSubmit } from './auth-layout'
import { passwordStrength, SIGNUP_MESSAGES, signupErrors, type SignupErrors } from './password-strength'

export default function SignupScreen() {
  const { register } = useAuth()
  const navigate = useNavigate()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [showPassword, setShowPassword] = useState(false)
  // Field errors appear after the first submit, then follow the input as it changes.
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const strength = passwordStrength(password)
  const errors: SignupErrors = submitted ? signupErrors({ email, password, confirm }) : {}

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting) return
    const found = signupErrors({ email, password, confirm })
    setSubmitted(true)
    setServerError(null)
    if (Object.keys(found).length > 0) return
    setSubmitting(true)
    try {
      await register({ name: name.trim() || undefined, email: email.trim(), password })
      void navigate('/home', { replace: true })
    } catch (e) {
      setServerError(e instanceof ApiError && !e.message.startsWith('HTTP ') ? e.message : SIGNUP_MESSAGES.failed)
      setSubmitting(false)
    }
  }

  const toggle = (
    <button
      type="button"
      className="field__toggle"
      aria-pressed={showPassword}
      onClick={() => setShowPassword((v) => !v)}
    >
      {showPassword ? 'Hide' : 'Show'}
    </button>
  )

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Free, works offline, and your data syncs across devices."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <form className="auth__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={errors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type={showPassword ? 'text' : 'password'}
          name="new-password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          trailing={toggle}
          onChange={(e) => setPassword(e.target.value)}
          hint={
            password ? (
              <div className="strength" data-score={strength.score}>
                <div className="strength__bars" aria-hidden="true">
                  {[1, 2, 3, 4, 5].map((i) => (
                    <span
                      key={i}
                      className={i <= strength.score ? 'strength__bar strength__bar--on' : 'strength__bar'}
                    />
                  ))}
                </div>
                <span className="strength__label">Password strength: {strength.label}</span>
              </div>
            ) : null
          }
        />
        <TextField
          label="Confirm Password"
          type={showPassword ? 'text' : 'password'}
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <AuthSubmit error={serverError} submitting={submitting} label="Sign Up" busyLabel="Creating account..." />
      </form>
    </AuthLayout>
  )
}
