import { useEffect, useRef, useState, type FormEvent } from 'react'
import { SUPPORT_MESSAGES } from '../../../schema/api/support'
import { TextAreaField, TextField } from '../../components/ui/field'
import { Modal, ModalFormActions } from '../../components/ui/modal'
import { ApiError } from '../../data/http'
import { sendLoginHelp } from '../../data/support-api'
import { useRecheck } from '../../lib/use-recheck'

/** Spec part 1 §9: the help modal closes 2 s after a request is sent. */
export const HELP_CLOSE_DELAY_MS = 2000

type Status = { text: string; tone: 'ok' | 'error' } | null

/** Checks the request as spec part 1 §5 says; null when it may be sent. */
function helpError(whatsapp: string, email: string, issue: string): string | null {
  if (!whatsapp.trim() && !email.trim()) return SUPPORT_MESSAGES.helpContactRequired
  if (!issue.trim()) return SUPPORT_MESSAGES.helpIssueRequired
  return null
}

/** The login page's Get Help modal: reaches support without an account. */
export function LoginHelpModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [whatsapp, setWhatsapp] = useState('')
  const [email, setEmail] = useState('')
  const [issue, setIssue] = useState('')
  const [status, setStatus] = useState<Status>(null)
  const [sending, setSending] = useState(false)
  const check = useRecheck(() => helpError(whatsapp, email, issue))
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const close = () => {
    clearTimeout(timer.current)
    setStatus(null)
    check.reset()
    onClose()
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (sending) return
    if (check.submit() !== null) return
    setSending(true)
    setStatus(null)
    try {
      // An answer without the success flag is refused by the contract (ApiError): 'Failed to submit request'.
      await sendLoginHelp({ whatsapp: whatsapp.trim(), email: email.trim(), issue: issue.trim() })
      setStatus({ text: SUPPORT_MESSAGES.helpSent, tone: 'ok' })
      setWhatsapp('')
      setEmail('')
      setIssue('')
      check.reset()
      timer.current = setTimeout(close, HELP_CLOSE_DELAY_MS)
    } catch (error) {
      const refused =
        error instanceof ApiError && error.status === 400 ? `❌ ${error.message.replace(/^❌\s*/, '')}` : null
      setStatus({
        text: refused ?? (error instanceof ApiError ? SUPPORT_MESSAGES.helpFailed : SUPPORT_MESSAGES.helpNetwork),
        tone: 'error',
      })
    } finally {
      setSending(false)
    }
  }

  // The form's own check describes the fields as they are now; a send's outcome shows otherwise.
  const shown: Status = check.result ? { text: check.result, tone: 'error' } : status
  return (
    <Modal
      open={open}
      title="Get Help"
      onClose={close}
      description="Can't sign in? Leave your WhatsApp number or e-mail and we'll contact you."
    >
      <form className="auth__form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextField
          label="WhatsApp number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={whatsapp}
          onChange={(e) => setWhatsapp(e.target.value)}
        />
        <TextField
          label="Email Address"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextAreaField label="Describe Your Issue" rows={4} value={issue} onChange={(e) => setIssue(e.target.value)} />
        {shown ? (
          <p
            className={shown.tone === 'ok' ? 'form-success' : 'form-error'}
            role={shown.tone === 'ok' ? 'status' : 'alert'}
          >
            {shown.text}
          </p>
        ) : null}
        <ModalFormActions onCancel={close} submitLabel={sending ? 'Sending...' : 'Send Request'} saving={sending} />
      </form>
    </Modal>
  )
}
