import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { PasswordField } from '../../components/ui/field'
import { changePassword, isOffline, serverMessage } from '../../data/account-api'
import { PASSWORD_CLOSE_AFTER_MS, SETTINGS_TEXT } from './messages'
import { StatusLine, type Status } from './section'
import { useRecheck } from '../../lib/use-recheck'

/** Change password (spec part 1 §2, §5, §8); `onDone` closes the section 2 s after success. */
export function SecuritySection({ onDone }: { onDone: () => void }) {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Status>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const check = useRecheck(() => {
    if (next !== confirm) return SETTINGS_TEXT.passwordsDiffer
    if (next.length < 6) return SETTINGS_TEXT.passwordTooShort
    return current ? null : '❌ Enter your current password'
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (check.submit() !== null) return
    setBusy(true)
    setMessage(null)
    try {
      await changePassword(current, next)
      setMessage({ text: SETTINGS_TEXT.passwordChanged, tone: 'ok' })
      timer.current = setTimeout(() => {
        setCurrent('')
        setNext('')
        setConfirm('')
        setMessage(null)
        check.reset()
        setBusy(false)
        onDone()
      }, PASSWORD_CLOSE_AFTER_MS)
    } catch (error) {
      setBusy(false)
      const reason = serverMessage(error)
      if (isOffline(error))
        setMessage({
          text: `${SETTINGS_TEXT.passwordFailed}. ${SETTINGS_TEXT.offline('changing your password')}`,
          tone: 'error',
        })
      else setMessage({ text: reason ? `❌ ${reason}` : SETTINGS_TEXT.passwordFailed, tone: 'error' })
    }
  }

  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <PasswordField label="Current Password" value={current} onChange={(e) => setCurrent(e.target.value)} />
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        hint="At least 6 characters."
      />
      <PasswordField
        label="Confirm New Password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Changing…' : 'Change Password'}
      </Button>
      <StatusLine message={check.result ? { text: check.result, tone: 'error' } : message} />
      <p className="settings-note">Changing your password signs out your other devices; this one stays signed in.</p>
    </form>
  )
}
