import { useEffect, useRef, useState } from 'react'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { SelectField, TextField } from '../../components/ui/field'
import { ApiError } from '../../data/http'
import { useAuth } from '../../data/auth-context'
import { ONBOARDING_COUNTRY_CODES, ONBOARDING_MESSAGES, whatsappDigits } from '../../../schema/onboarding'
import { StepFrame } from './step-frame'
import type { Onboarding } from './use-onboarding'
import { useRecheck } from '../../lib/use-recheck'

/** Spec part 1 §9: after connecting, wait 3 s, offer a test message, move on 2 s later. */
export const WHATSAPP_WAIT_MS = 3000
export const WHATSAPP_TEST_MS = 2000

const saves = () => import('../../data/onboarding-save')

type Phase = { kind: 'form' } | { kind: 'waiting'; chatUrl: string | null } | { kind: 'test'; testUrl: string | null }

/** The test message link: the same chat as the join link, with an expense to send. */
function testLink(joinUrl: string | null): string | null {
  if (!joinUrl) return null
  const url = new URL(joinUrl)
  url.searchParams.set('text', 'Spent 50 on tea')
  return url.toString()
}

function PhoneFields({ onboarding }: { onboarding: Onboarding }) {
  const { data, update } = onboarding
  return (
    <div className="onb-phone">
      <SelectField
        label="Country code"
        value={data.countryCode}
        onChange={(e) => update({ countryCode: e.target.value })}
      >
        {ONBOARDING_COUNTRY_CODES.map((c) => (
          <option key={c.code} value={c.code}>
            +{c.code} {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label="WhatsApp number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        value={data.whatsappNumber}
        onChange={(e) => update({ whatsappNumber: e.target.value })}
      />
    </div>
  )
}

/** Step 3: link a WhatsApp number (optional; skipping asks first). */
export function WhatsappStep({ onboarding }: { onboarding: Onboarding }) {
  const { data, next } = onboarding
  const { setUser } = useAuth()
  const [phase, setPhase] = useState<Phase>({ kind: 'form' })
  const [failed, setFailed] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const check = useRecheck(() => (whatsappDigits(data.whatsappNumber) ? null : ONBOARDING_MESSAGES.phoneInvalid))
  const [confirmSkip, setConfirmSkip] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const connect = async () => {
    const digits = whatsappDigits(data.whatsappNumber)
    if (check.submit() !== null || !digits) return
    setFailed(null)
    setBusy(true)
    try {
      const { linkWhatsapp, whatsappJoinUrl } = await saves()
      setUser(await linkWhatsapp(`+${data.countryCode}${digits}`))
      const joinUrl = await whatsappJoinUrl()
      if (joinUrl) window.open(joinUrl, '_blank', 'noopener')
      setPhase({ kind: 'waiting', chatUrl: joinUrl })
      timer.current = setTimeout(() => {
        setPhase({ kind: 'test', testUrl: testLink(joinUrl) })
        timer.current = setTimeout(next, WHATSAPP_TEST_MS)
      }, WHATSAPP_WAIT_MS)
    } catch (e) {
      setFailed(e instanceof ApiError && e.status === 409 ? e.message : ONBOARDING_MESSAGES.whatsappFailed)
    } finally {
      setBusy(false)
    }
  }

  if (phase.kind !== 'form') return <WhatsappProgress phase={phase} />
  return (
    <StepFrame
      title="Log expenses by WhatsApp"
      lead="Link your number, then send messages like 'Spent 500 on food'. Optional: you can do it later in Settings."
      error={check.result ?? failed}
      onSubmit={() => void connect()}
      submitLabel={busy ? 'Connecting...' : 'Connect WhatsApp'}
      submitting={busy}
      secondary={
        <Button variant="ghost" onClick={() => setConfirmSkip(true)}>
          Skip
        </Button>
      }
    >
      <PhoneFields onboarding={onboarding} />
      <ConfirmDialog
        open={confirmSkip}
        title="Skip WhatsApp?"
        description="You can link your number any time in Settings → WhatsApp Integration."
        confirmLabel="Skip"
        tone="primary"
        onConfirm={() => {
          setConfirmSkip(false)
          next()
        }}
        onCancel={() => setConfirmSkip(false)}
      />
    </StepFrame>
  )
}

function WhatsappProgress({ phase }: { phase: Exclude<Phase, { kind: 'form' }> }) {
  if (phase.kind === 'waiting')
    return (
      <div className="onb-step" role="status">
        <h1 className="onb-step__title">Number linked</h1>
        <p className="onb-step__lead">
          {phase.chatUrl
            ? 'Send the join message that opened in WhatsApp. Waiting a moment…'
            : 'Your number is saved. This server has no WhatsApp number set up yet, ' +
              'so messages will work once it does.'}
        </p>
      </div>
    )
  return (
    <div className="onb-step" role="status">
      <h1 className="onb-step__title">Try it</h1>
      {phase.testUrl ? (
        <p className="onb-step__lead">
          <a href={phase.testUrl} target="_blank" rel="noopener noreferrer">
            Send a test message: 'Spent 50 on tea'
          </a>
        </p>
      ) : (
        <p className="onb-step__lead">Later, send 'Spent 50 on tea' to log your first expense by message.</p>
      )}
    </div>
  )
}
