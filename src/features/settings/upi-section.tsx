import { useState, type FormEvent } from 'react'
import { checkUpiId } from '../../../schema/validation/upi-input'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/field'
import { patchProfile } from '../../data/writes'
import { StatusLine, type Status } from './section'

/**
 * The UPI ID household members pay you at from Settle Up. Kept in the synced profile (saved on
 * this device at once, offline too); the server shows it to the members of your households only.
 */
export function UpiSection({ current }: { current: string | null }) {
  const [typed, setTyped] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [message, setMessage] = useState<Status>(null)
  const [saving, setSaving] = useState(false)
  const value = typed ?? current ?? ''

  const save = async (input: string) => {
    const checked = checkUpiId(input)
    if (!checked.ok) return setError(checked.error)
    setError(null)
    setSaving(true)
    try {
      await patchProfile({ upiId: checked.value })
      setTyped(checked.value)
      setMessage(
        checked.value
          ? { text: `✅ UPI ID saved: ${checked.value}. Your household members can now pay you by UPI.`, tone: 'ok' }
          : { text: '✅ UPI ID removed.', tone: 'ok' },
      )
    } catch (failure) {
      console.error(failure)
      setMessage({ text: '❌ Failed to save the UPI ID', tone: 'error' })
    } finally {
      setSaving(false)
    }
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!saving) void save(value)
  }

  if (current === null) return <p className="settings-note">Your profile has not reached this device yet.</p>
  return (
    <form className="settings-stack" onSubmit={onSubmit} noValidate>
      <TextField
        label="UPI ID"
        value={value}
        placeholder="yourname@okaxis"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="email"
        maxLength={120}
        error={error}
        hint="Only the members of your households see it, on Settle Up, so they can pay you by UPI."
        onChange={(e) => {
          setTyped(e.target.value)
          setError(null)
          setMessage(null)
        }}
      />
      <div className="settings-actions">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : 'Save UPI ID'}
        </Button>
        {current ? (
          <Button type="button" variant="outline" disabled={saving} onClick={() => void save('')}>
            Remove
          </Button>
        ) : null}
      </div>
      <StatusLine message={message} />
    </form>
  )
}
