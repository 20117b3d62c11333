import { throwIfUnread } from '../../data/hooks'
import { UserPlus, X } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import { AlertLine } from '../../components/ui/alert-line'
import { Button } from '../../components/ui/button'
import { TextField } from '../../components/ui/field'
import {
  cancelInvitation,
  householdError,
  inviteMember,
  pendingInvites,
  type HouseholdDoc,
  type PendingInvite,
} from '../../data/households'
import { useHouseholdExpenses, useSettlements } from '../../data/household-hooks'
import { MemberText } from './member-text'
import { useRecheck } from '../../lib/use-recheck'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function InviteForm({ household, onInvited }: { household: HouseholdDoc; onInvited: () => void }) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const check = useRecheck(() => (EMAIL.test(email.trim().toLowerCase()) ? null : HOUSEHOLD_MESSAGES.emailInvalid))

  async function submit(event: FormEvent) {
    event.preventDefault()
    setDone(null)
    const address = email.trim().toLowerCase()
    if (check.submit() !== null) return
    setError(null)
    setBusy(true)
    try {
      await inviteMember(household.id, address)
      setDone(`Invitation sent to ${address}. They join once they accept it (after signing up, if they are new).`)
      setEmail('')
      check.reset()
      onInvited()
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
        error={check.result ?? error}
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

type PendingState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; list: PendingInvite[] }

/** The admin's invitations not yet answered, each with Cancel. They come from the server, so they need a connection. */
function PendingInvites({ household, version }: { household: HouseholdDoc; version: number }) {
  const [state, setState] = useState<PendingState>({ kind: 'loading' })
  const [cancelling, setCancelling] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  // A new member (an invitation accepted) arrives by sync: the list is read again then.
  const members = household.memberIds.length

  useEffect(() => {
    const controller = new AbortController()
    pendingInvites(household.id, controller.signal)
      .then((list) => setState({ kind: 'ready', list }))
      .catch((e: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'failed', message: householdError(e, 'Could not load pending invitations') })
      })
    return () => controller.abort()
  }, [household.id, version, members])

  async function cancel(invite: PendingInvite) {
    setCancelling(invite.id)
    setError(null)
    setDone(null)
    try {
      await cancelInvitation(household.id, invite.id)
      setState((s) => (s.kind === 'ready' ? { kind: 'ready', list: s.list.filter((i) => i.id !== invite.id) } : s))
      setDone(`Invitation to ${invite.email} cancelled.`)
    } catch (e) {
      setError(householdError(e, 'Failed to cancel invitation'))
    } finally {
      setCancelling(null)
    }
  }

  if (state.kind === 'loading' || (state.kind === 'ready' && state.list.length === 0 && !done)) return null
  return (
    <section className="hh-section" aria-labelledby="hh-pending-invites">
      <h2 id="hh-pending-invites">Pending Invitations</h2>
      {state.kind === 'failed' ? <p className="hh-muted">{state.message}</p> : null}
      {state.kind === 'ready' && state.list.length > 0 ? (
        <ul className="hh-members">
          {state.list.map((invite) => (
            <li key={invite.id} className="hh-pending" data-testid="pending-invite">
              <span className="hh-member__email">{invite.email}</span>
              <Button
                variant="ghost"
                size="sm"
                icon={<X size={16} />}
                disabled={cancelling !== null}
                onClick={() => void cancel(invite)}
                aria-label={`Cancel invitation to ${invite.email}`}
              >
                Cancel
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <AlertLine message={error} className="hh-form__error" />
      {done ? (
        <p className="hh-invite__done" role="status">
          {done}
        </p>
      ) : null}
    </section>
  )
}

/**
 * People who left (or deleted their account) but are still named in the ledger: their expenses
 * and payments stay, so balances add up, and the others see why a "Former member" appears.
 */
function FormerMembers({ household }: { household: HouseholdDoc }) {
  const expensesRead = useHouseholdExpenses(household.id)
  const settlementsRead = useSettlements(household.id)
  throwIfUnread(expensesRead, settlementsRead)
  const expenses = expensesRead.data
  const settlements = settlementsRead.data
  const named = new Set([
    ...expenses.flatMap((e) => [e.paidBy, ...e.splits.map((s) => s.userId)]),
    ...settlements.flatMap((s) => [s.fromUserId, s.toUserId]),
  ])
  const former = [...named].filter((id) => !household.memberIds.includes(id)).length
  if (former === 0) return null
  return (
    <p className="hh-muted" data-testid="former-members">
      {former === 1 ? 'A former member is' : `${former} former members are`} still in this household's expenses and
      balances, shown as Former member: what they paid and owe stays, so the balances add up.
    </p>
  )
}

/** The members with their roles; a household admin also sees the pending invitations and Invite Member. */
export function MembersTab({ household, me, isAdmin }: { household: HouseholdDoc; me: string; isAdmin: boolean }) {
  const [invited, setInvited] = useState(0)
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
      <FormerMembers household={household} />
      {isAdmin ? (
        <>
          <PendingInvites household={household} version={invited} />
          <InviteForm household={household} onInvited={() => setInvited((n) => n + 1)} />
        </>
      ) : null}
    </>
  )
}
