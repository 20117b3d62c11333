import { ExternalLink, RefreshCw } from 'lucide-react'
import { useCallback, useEffect, useState } from 'react'
import { splitPhoneNumber } from '../../../schema/phone'
import { PendingNote } from '../../components/profile/profile-pending'
import { Button } from '../../components/ui/button'
import { Switch } from '../../components/ui/switch'
import { fetchWhatsappStatus, isOffline, serverMessage, type WhatsappStatus } from '../../data/account-api'
import { patchProfile } from '../../data/writes'
import { SETTINGS_TEXT, withReason } from './messages'
import { WhatsappLink } from './whatsapp-link'

/** `whatsapp:+919876543210` → '+91 9876543210' (the offered code split off when it applies). */
export function displayPhone(stored: string | null | undefined): string {
  if (!stored) return ''
  const split = splitPhoneNumber(stored)
  return split ? `+${split.code} ${split.number}` : stored.replace(/^whatsapp:/i, '')
}

function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}

type StatusState =
  | { kind: 'loading' }
  | { kind: 'offline' }
  | { kind: 'failed'; reason: string | null }
  | { kind: 'ready'; status: WhatsappStatus }

function useWhatsappStatus(): { state: StatusState; reload: () => void } {
  const [state, setState] = useState<StatusState>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const controller = new AbortController()
    fetchWhatsappStatus(controller.signal)
      .then((status) => setState({ kind: 'ready', status }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setState(isOffline(error) ? { kind: 'offline' } : { kind: 'failed', reason: serverMessage(error) })
      })
    return () => controller.abort()
  }, [attempt])
  const reload = useCallback(() => {
    setState({ kind: 'loading' })
    setAttempt((n) => n + 1)
  }, [])
  return { state, reload }
}

function LinkStatus({ state, reload }: { state: StatusState; reload: () => void }) {
  if (state.kind === 'loading') return <p className="settings-note">Checking your WhatsApp link…</p>
  if (state.kind !== 'ready') {
    return (
      <div className="settings-callout settings-callout--warn" data-testid="whatsapp-status" data-state={state.kind}>
        <p>
          {state.kind === 'offline'
            ? SETTINGS_TEXT.offline('checking your WhatsApp link')
            : withReason('Could not check your WhatsApp link', state.reason)}
        </p>
        <Button variant="outline" size="sm" icon={<RefreshCw size={16} />} onClick={reload}>
          Retry
        </Button>
      </div>
    )
  }
  const { status } = state
  return (
    <dl className="settings-facts" data-testid="whatsapp-status" data-state="ready" data-linked={status.linked}>
      <div>
        <dt>Number</dt>
        <dd>
          {status.linked ? (
            <>✅ Linked: {displayPhone(status.phone_number)}</>
          ) : (
            'Not linked yet: save your number below'
          )}
        </dd>
      </div>
      <div>
        <dt>Last message</dt>
        <dd data-testid="whatsapp-last-message">
          {status.last_message_at ? formatWhen(status.last_message_at) : 'No messages received yet'}
        </dd>
      </div>
    </dl>
  )
}

/** Intro, link status, the chat to join and the monthly report; the number and its proof: whatsapp-link.tsx. */
export function WhatsappSection({
  phone,
  monthlyReport,
}: {
  phone: string | null | undefined
  /** Null while the profile has not reached this device. */
  monthlyReport: boolean | null
}) {
  const { state, reload } = useWhatsappStatus()
  const joinUrl = state.kind === 'ready' ? state.status.join_url : null
  const [reportNote, setReportNote] = useState<string | null>(null)

  const setMonthlyReport = (on: boolean) => {
    patchProfile({ monthlyReportByWhatsapp: on })
      .then(() =>
        setReportNote(on ? 'On: last month’s summary arrives on the 1st.' : 'Off: no monthly report will be sent.'),
      )
      .catch((error: unknown) => {
        console.error(error)
        setReportNote('Could not save this choice.')
      })
  }

  return (
    <div className="settings-stack">
      <p className="settings-note">
        Log spending by message, like ‘Spent 500 on food’ or ‘300 groceries’. Tap Connect WhatsApp and send the join
        message that opens in the chat, then save your number below and send the code it shows from that number.
      </p>
      <LinkStatus state={state} reload={reload} />
      {joinUrl ? (
        <a className="btn btn--primary btn--md btn--full" href={joinUrl} target="_blank" rel="noopener noreferrer">
          <span className="btn__icon" aria-hidden="true">
            <ExternalLink size={18} />
          </span>
          Connect WhatsApp
        </a>
      ) : (
        <div className="settings-stack settings-stack--tight">
          <Button fullWidth disabled>
            Connect WhatsApp
          </Button>
          {state.kind === 'ready' ? (
            <p className="settings-note" data-testid="whatsapp-not-configured">
              WhatsApp isn’t set up on this server: no WhatsApp number is configured, so there is no chat to join yet.
            </p>
          ) : null}
        </div>
      )}
      <WhatsappLink phone={phone} />
      <Switch
        checked={monthlyReport ?? false}
        onChange={setMonthlyReport}
        disabled={monthlyReport === null}
        label="Monthly report on WhatsApp"
        description={
          monthlyReport === null ? (
            <PendingNote />
          ) : (
            (reportNote ?? 'Last month’s income, expenses and top categories, sent to your linked number on the 1st.')
          )
        }
      />
    </div>
  )
}
