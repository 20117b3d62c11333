import { ExternalLink } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { LINK_CODE_TRIES } from '../../../schema/api/whatsapp'
import { SETTINGS_COUNTRY_CODES, splitPhoneNumber } from '../../../schema/phone'
import { Button } from '../../components/ui/button'
import { SelectField, TextField } from '../../components/ui/field'
import { fetchWhatsappStatus, isOffline, serverMessage, updatePhone, type PhoneClaim } from '../../data/account-api'
import { RELOAD_AFTER_MS, SETTINGS_TEXT, withReason } from './messages'
import { StatusLine, type Status } from './section'
import { displayPhone } from './whatsapp-section'
import './whatsapp-link.css'
import { useRecheck } from '../../lib/use-recheck'

/** How often the screen asks whether the `link <code>` message has arrived. */
const POLL_MS = 3_000

/** The WhatsApp number to send the code to, from the join link (`https://wa.me/<digits>?text=…`). */
function chatDigits(joinUrl: string | null): string | null {
  const digits = joinUrl ? /wa\.me\/(\d+)/.exec(joinUrl)?.[1] : undefined
  return digits ?? null
}

type Proof =
  | { kind: 'none' }
  | { kind: 'pending'; claim: PhoneClaim }
  | { kind: 'expired'; phone: string }
  | { kind: 'voided'; phone: string }
  | { kind: 'linked'; phone: string }

/**
 * The pending claim as the server has it: loaded on open (a code survives a reload), then polled
 * while it waits for the `link <code>` message. Once linked, the page reloads (spec §9: 1.5 s).
 */
function useProof(): { proof: Proof; chat: string | null; started: (claim: PhoneClaim) => void } {
  const [proof, setProof] = useState<Proof>({ kind: 'none' })
  const [chat, setChat] = useState<string | null>(null)
  const waiting = proof.kind === 'pending' ? proof.claim : null

  useEffect(() => {
    const controller = new AbortController()
    fetchWhatsappStatus(controller.signal)
      .then((status) => {
        setChat(chatDigits(status.join_url))
        if (status.pending) setProof({ kind: 'pending', claim: status.pending })
        else if (status.voided) setProof({ kind: 'voided', phone: status.voided.phone_number })
      })
      .catch(() => undefined) // The section above says when the status cannot be read.
    return () => controller.abort()
  }, [])

  useEffect(() => {
    if (!waiting) return
    const timer = setInterval(() => {
      fetchWhatsappStatus()
        .then((status) => {
          if (status.linked && status.phone_number === waiting.phone_number) {
            setProof({ kind: 'linked', phone: waiting.phone_number })
            setTimeout(() => window.location.reload(), RELOAD_AFTER_MS)
          } else if (status.voided?.phone_number === waiting.phone_number)
            setProof({ kind: 'voided', phone: waiting.phone_number })
          else if (!status.pending) setProof({ kind: 'expired', phone: waiting.phone_number })
        })
        .catch(() => undefined) // Offline for a moment: the next poll tries again.
    }, POLL_MS)
    return () => clearInterval(timer)
  }, [waiting])

  return { proof, chat, started: (claim) => setProof({ kind: 'pending', claim }) }
}

function ProofCode({ claim, chat }: { claim: PhoneClaim; chat: string | null }) {
  const message = `link ${claim.code}`
  const until = new Date(claim.expires_at).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })
  return (
    <div className="settings-callout whatsapp-proof" data-testid="whatsapp-code" role="status">
      <p>
        <strong>One more step.</strong> To prove {displayPhone(claim.phone_number)} is yours, send this message from it
        to {chat ? `our WhatsApp number +${chat}` : 'our WhatsApp number'}:
      </p>
      <p className="whatsapp-proof__message">
        <code>{message}</code>
      </p>
      <p className="settings-note">
        The code works until {until}. Until then nothing from this number reaches your account.
      </p>
      {chat ? (
        <a
          className="btn btn--outline btn--md btn--full"
          href={`https://wa.me/${chat}?text=${encodeURIComponent(message)}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          <span className="btn__icon" aria-hidden="true">
            <ExternalLink size={18} />
          </span>
          Send it on WhatsApp
        </a>
      ) : null}
      <p className="settings-note">Waiting for your message…</p>
    </div>
  )
}

/** The spec's success text ('Updated to +91…! Refreshing...'), now said once the number is proven. */
function linkedText(phone: string): string {
  const split = splitPhoneNumber(phone)
  return split
    ? SETTINGS_TEXT.phoneUpdated(split.code, split.number)
    : `Updated to ${displayPhone(phone)}! Refreshing...`
}

/** Wrong codes from the number voided its code: what happened, how to get a new one, and a caution. */
function VoidedCode({ phone }: { phone: string }) {
  return (
    <div className="settings-callout settings-callout--warn" data-testid="whatsapp-code-voided" role="status">
      <p>
        <strong>That code no longer works.</strong> {LINK_CODE_TRIES} wrong codes were sent from {displayPhone(phone)},
        so nothing was linked.
      </p>
      <p>Save the number again for a new code, then send that code exactly as shown.</p>
      <p className="settings-note">If you did not send those codes, check that the number is yours.</p>
    </div>
  )
}

function ProofState({ proof, chat }: { proof: Proof; chat: string | null }) {
  switch (proof.kind) {
    case 'none':
      return null
    case 'pending':
      return <ProofCode claim={proof.claim} chat={chat} />
    case 'expired':
      return (
        <p className="settings-callout settings-callout--warn" data-testid="whatsapp-code-expired">
          The code for {displayPhone(proof.phone)} has expired. Save the number again for a new one.
        </p>
      )
    case 'voided':
      return <VoidedCode phone={proof.phone} />
    case 'linked':
      return (
        <p className="settings-callout whatsapp-proof" data-testid="whatsapp-linked" role="status">
          {linkedText(proof.phone)}
        </p>
      )
  }
}

function PhoneForm({ current, onClaim }: { current: string | null | undefined; onClaim: (claim: PhoneClaim) => void }) {
  const initial = splitPhoneNumber(current)
  const [code, setCode] = useState<string>(initial?.code ?? '91')
  const [number, setNumber] = useState(initial?.number ?? '')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Status>(null)
  const check = useRecheck(() => {
    if (!number.trim()) return SETTINGS_TEXT.phoneRequired
    return number.replace(/\D/g, '').length < 10 ? SETTINGS_TEXT.phoneTooShort : null
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (check.submit() !== null) return
    const digits = number.replace(/\D/g, '')
    setBusy(true)
    setMessage(null)
    try {
      const answer = await updatePhone(`+${code}${digits}`)
      setNumber(digits)
      if (answer.pending) onClaim(answer)
      else setMessage({ text: `+${code}${digits} is already linked to your account.`, tone: 'ok' })
    } catch (error) {
      if (isOffline(error))
        setMessage({
          text: `${SETTINGS_TEXT.phoneError}. ${SETTINGS_TEXT.offline('updating your number')}`,
          tone: 'error',
        })
      else setMessage({ text: withReason(SETTINGS_TEXT.phoneFailed, serverMessage(error)), tone: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3 className="settings-subtitle">Your WhatsApp number</h3>
      <div className="settings-phone">
        <SelectField label="Country code" value={code} onChange={(e) => setCode(e.target.value)}>
          {SETTINGS_COUNTRY_CODES.map((c) => (
            <option key={c.code} value={c.code}>
              +{c.code} {c.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="9876543210"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Updating…' : 'Update Number'}
      </Button>
      <StatusLine message={check.result ? { text: check.result, tone: 'error' } : message} />
    </form>
  )
}

/**
 * Settings → WhatsApp Integration: save a number, then prove it by sending `link <code>` from it
 * to the WhatsApp number. Until that message arrives the number is not linked.
 */
export function WhatsappLink({ phone }: { phone: string | null | undefined }) {
  const { proof, chat, started } = useProof()
  return (
    <div className="settings-stack">
      <PhoneForm key={phone ?? 'none'} current={phone} onClaim={started} />
      <ProofState proof={proof} chat={chat} />
    </div>
  )
}
