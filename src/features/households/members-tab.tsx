import { UserPlus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/field'
import { householdError, inviteMember, type HouseholdDoc } from '../../data/households'
import { MemberText } from './member-text'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function InviteForm({ household }: { household: HouseholdDoc }) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setDone(null)
    const address = email.trim().toLowerCase()
    if (!EMAIL.test(address)) return setError(HOUSEHOLD_MESSAGES.emailInvalid)
    setError(null)
    setBusy(true)
    try {
      const status = await inviteMember(household.id, address)
      setDone(
        status === 'added'
          ? `${address} is now a member.`
          : `Invite saved: ${address} joins when they sign up with this e-mail.`,
      )
      setEmail('')
    } catch (e) {
      setError(householdError(e, 'Failed to invite member'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="hh-invite" onSubmit={(e) => void submit(e)} noValidate>
      <h2>Invite Member</h2>
      <TextField
        label="E-mail address"
        type="email"
        autoComplete="off"
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" icon={<UserPlus size={18} />} disabled={busy}>
        {busy ? 'Inviting…' : 'Invite Member'}
      </Button>
      {done ? (
        <p className="hh-invite__done" role="status">
          {done}
        </p>
      ) : null}
    </form>
  )
}

/** The members with their roles; a household admin also sees Invite Member. */
export function MembersTab({ household, me, isAdmin }: { household: HouseholdDoc; me: string; isAdmin: boolean }) {
  return (
    <>
      <ul className="hh-members">
        {household.members.map((m) => (
          <li key={m.userId} className="hh-member" data-testid="member-row">
            <span className="hh-member__avatar" aria-hidden="true">
              {m.name.slice(0, 1).toUpperCase()}
            </span>
            <MemberText member={m} me={me} />
            <span className={`hh-role hh-role--${m.role}`}>{m.role === 'admin' ? 'Admin' : 'Member'}</span>
          </li>
        ))}
      </ul>
      {isAdmin ? <InviteForm household={household} /> : null}
    </>
  )
}
