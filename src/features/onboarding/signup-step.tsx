import { useState } from 'react'
import { TextField } from '../../components/ui/field'
import { Link } from 'react-router-dom'
import { ApiError, NetworkError } from '../../data/http'
import { useAuth } from '../../data/auth-context'
import { passwordStrength, SIGNUP_MESSAGES, signupErrors, type SignupErrors } from '../../../schema/validation/signup'
import { StepFrame } from './step-frame'
import type { Onboarding } from './use-onboarding'

function StrengthMeter({ password }: { password: string }) {
  if (!password) return null
  const strength = passwordStrength(password)
  return (
    <div className="strength" data-score={strength.score}>
      <div className="strength__bars" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((i) => (
          <span key={i} className={i <= strength.score ? 'strength__bar strength__bar--on' : 'strength__bar'} />
        ))}
      </div>
      <span className="strength__label" aria-live="polite">
        Password strength: {strength.label}
      </span>
    </div>
  )
}

function ShowToggle({ show, onToggle }: { show: boolean; onToggle: () => void }) {
  return (
    <button type="button" className="field__toggle" aria-pressed={show} onClick={onToggle}>
      {show ? 'Hide' : 'Show'}
    </button>
  )
}

/** Step 1: create the account (the step is done once signed in). */
export function SignupStep({ onboarding }: { onboarding: Onboarding }) {
  const { register, status, user } = useAuth()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [show, setShow] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const errors: SignupErrors = submitted ? signupErrors({ email, password, confirm }) : {}

  if (status === 'signed-in')
    return (
      <StepFrame title="Your account is ready" lead={`Signed in as ${user?.email ?? ''}.`} onSubmit={onboarding.next} />
    )

  const onSubmit = async () => {
    if (submitting) return
    setSubmitted(true)
    setServerError(null)
    if (Object.keys(signupErrors({ email, password, confirm })).length > 0) return
    setSubmitting(true)
    try {
      await register({ email: email.trim(), password })
      onboarding.next()
    } catch (e) {
      if (e instanceof NetworkError) setServerError(`${SIGNUP_MESSAGES.failed} Creating an account needs a connection.`)
      else setServerError(e instanceof ApiError && !e.message.startsWith('HTTP ') ? e.message : SIGNUP_MESSAGES.failed)
    } finally {
      setSubmitting(false)
    }
  }

  const toggle = <ShowToggle show={show} onToggle={() => setShow((v) => !v)} />
  return (
    <StepFrame
      title="Create your account"
      lead="Free, works offline, and your data syncs across your devices."
      error={serverError}
      onSubmit={() => void onSubmit()}
      submitLabel={submitting ? 'Creating account...' : 'Create Account'}
      submitting={submitting}
      secondary={
        <p className="onb-step__note">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type={show ? 'text' : 'password'}
        autoComplete="new-password"
        value={password}
        error={errors.password}
        trailing={toggle}
        hint={<StrengthMeter password={password} />}
        onChange={(e) => setPassword(e.target.value)}
      />
      <TextField
        label="Confirm Password"
        type={show ? 'text' : 'password'}
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
    </StepFrame>
  )
}
