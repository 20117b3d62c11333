import { Check, Mail, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { AlertLine } from '../../components/ui/alert-line'
import { Button } from '../../components/ui/button'
import {
  acceptInvitation,
  declineInvitation,
  householdError,
  myInvitations,
  type HouseholdDoc,
  type Invitation,
} from '../../data/households'
import { formatDay } from './household-look'

/** What the last answer did: a declined one, or a joined household (shown below once it syncs). */
type Outcome = { kind: 'declined'; name: string } | { kind: 'joined'; name: string; householdId: string }

function outcomeText(outcome: Outcome, households: readonly HouseholdDoc[]): string {
  if (outcome.kind === 'declined') return `You declined the invitation to ${outcome.name}.`
  return households.some((h) => h.id === outcome.householdId)
    ? `You joined ${outcome.name}.`
    : `You joined ${outcome.name}. It appears below once it syncs.`
}

function InvitationCard({
  invitation,
  onAnswered,
}: {
  invitation: Invitation
  onAnswered: (outcome: Outcome) => void
}) {
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const name = invitation.householdName

  async function answer(action: 'accept' | 'decline') {
    setBusy(action)
    setError(null)
    try {
      if (action === 'accept') onAnswered({ kind: 'joined', name, householdId: await acceptInvitation(invitation.id) })
      else {
        await declineInvitation(invitation.id)
        onAnswered({ kind: 'declined', name })
      }
    } catch (e) {
      setError(householdError(e, action === 'accept' ? 'Failed to accept invitation' : 'Failed to decline invitation'))
      setBusy(null)
    }
  }

  return (
    <li className="hh-invitation" data-testid="invitation">
      <span className="hh-invitation__icon" aria-hidden="true">
        <Mail size={20} />
      </span>
      <span className="hh-invitation__text">
        <span className="hh-card__name">{name}</span>
        <span className="hh-member__email">
          Invited by {invitation.invitedBy} · {formatDay(invitation.createdAt)}
        </span>
      </span>
      <span className="hh-invitation__actions">
        <Button
          size="sm"
          icon={<Check size={16} />}
          disabled={busy !== null}
          onClick={() => void answer('accept')}
          aria-label={`Accept invitation to ${name}`}
        >
          {busy === 'accept' ? 'Joining…' : 'Accept'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          icon={<X size={16} />}
          disabled={busy !== null}
          onClick={() => void answer('decline')}
          aria-label={`Decline invitation to ${name}`}
        >
          Decline
        </Button>
      </span>
      <AlertLine message={error} className="hh-form__error hh-invitation__error" />
    </li>
  )
}

/**
 * Invitations to households waiting for this account, answered here. They come from the server;
 * when it cannot be reached the section stays away (most people have none, so a warning on every
 * offline visit would be noise), and answering one offline says that it needs a connection.
 */
export function MyInvitations({ households }: { households: readonly HouseholdDoc[] }) {
  const [invitations, setInvitations] = useState<Invitation[]>([])
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    myInvitations(controller.signal)
      .then(setInvitations)
      .catch(() => undefined)
    return () => controller.abort()
  }, [])

  function answered(id: string, result: Outcome) {
    setInvitations((list) => list.filter((i) => i.id !== id))
    setOutcome(result)
  }

  if (invitations.length === 0 && !outcome) return null
  return (
    <section className="hh-section" aria-labelledby="hh-invitations">
      <h2 id="hh-invitations">Invitations</h2>
      {invitations.length > 0 ? (
        <ul className="hh-list">
          {invitations.map((i) => (
            <InvitationCard key={i.id} invitation={i} onAnswered={(result) => answered(i.id, result)} />
          ))}
        </ul>
      ) : null}
      {outcome ? (
        <p className="hh-invite__done" role="status" data-testid="invitation-outcome">
          {outcomeText(outcome, households)}
        </p>
      ) : null}
    </section>
  )
}
