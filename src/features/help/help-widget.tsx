import { ChevronLeft, ChevronRight, HelpCircle, Mail, MessageSquarePlus, Ticket, X } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { Link } from 'react-router-dom'
import { HELP_FAQS, MY_TICKETS_PATH, NEW_TICKET_PATH, SUPPORT_EMAIL, type HelpFaq } from './help-faqs'
import './help.css'

type FaqId = HelpFaq['id']

function TicketLink({ onFollow }: { onFollow: () => void }) {
  return (
    <Link to={NEW_TICKET_PATH} className="help-action help-action--primary" onClick={onFollow}>
      <MessageSquarePlus size={20} aria-hidden="true" />
      <span className="help-action__text">
        <span className="help-action__label">Create Support Ticket</span>
        <span className="help-action__hint">We reply within 24 hours</span>
      </span>
    </Link>
  )
}

interface ViewProps {
  headingRef: RefObject<HTMLHeadingElement | null>
  onFollow: () => void
}

function FaqAnswer({ faq, headingRef, onFollow }: ViewProps & { faq: HelpFaq }) {
  return (
    <article className="help-answer" data-testid="help-answer">
      <h3 className="help-answer__question" ref={headingRef} tabIndex={-1}>
        {faq.question}
      </h3>
      <ol className="help-answer__steps">
        {faq.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="help-answer__more">Still stuck? Tell us what happened and we’ll help.</p>
      <TicketLink onFollow={onFollow} />
    </article>
  )
}

function HelpHome({ headingRef, onFollow, onShow }: ViewProps & { onShow: (id: FaqId) => void }) {
  return (
    <>
      <h3 className="help-panel__section" ref={headingRef} tabIndex={-1}>
        Quick help
      </h3>
      <ul className="help-faqs">
        {HELP_FAQS.map((item) => (
          <li key={item.id}>
            <button type="button" className="help-faq" data-faq={item.id} onClick={() => onShow(item.id)}>
              <span>{item.question}</span>
              <ChevronRight size={18} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <div className="help-actions">
        <TicketLink onFollow={onFollow} />
        <Link to={MY_TICKETS_PATH} className="help-action" onClick={onFollow}>
          <Ticket size={20} aria-hidden="true" />
          <span className="help-action__text">
            <span className="help-action__label">My Tickets</span>
            <span className="help-action__hint">See your requests and replies</span>
          </span>
        </Link>
      </div>
      <p className="help-email">
        <Mail size={16} aria-hidden="true" />
        <span>
          Or e-mail us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </span>
      </p>
    </>
  )
}

/** Open/closed and the FAQ shown; focus follows each view, a click outside closes the panel. */
function useHelpPanel() {
  const [open, setOpen] = useState(false)
  const [faqId, setFaqId] = useState<FaqId | null>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const fabRef = useRef<HTMLButtonElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  /** The FAQ button to focus again after Back. */
  const returnToFaq = useRef<FaqId | null>(null)

  // Each view change moves focus to its heading (or back to the FAQ that was open).
  useEffect(() => {
    if (!open) return
    const back = returnToFaq.current
    if (!faqId && back) {
      returnToFaq.current = null
      rootRef.current?.querySelector<HTMLElement>(`[data-faq="${back}"]`)?.focus()
    } else {
      headingRef.current?.focus()
    }
  }, [open, faqId])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) {
        setOpen(false)
        setFaqId(null)
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const close = (restoreFocus: boolean) => {
    setOpen(false)
    setFaqId(null)
    if (restoreFocus) fabRef.current?.focus()
  }
  const back = () => {
    returnToFaq.current = faqId
    setFaqId(null)
  }
  return { open, setOpen, faqId, setFaqId, rootRef, fabRef, headingRef, close, back }
}

/**
 * The Help button and its panel (spec part 1 §2): five quick-help answers, each with Back and
 * Create Support Ticket, plus ticket links and the support e-mail. The panel is not modal: Esc,
 * the close button, a click outside or following a link closes it. Given a `slot` (the signed-in
 * top bar's), the button sits there and the panel drops below it; without one it floats
 * bottom-right.
 */
export default function HelpWidget({ slot = null }: { slot?: HTMLElement | null }) {
  const { open, setOpen, faqId, setFaqId, rootRef, fabRef, headingRef, close, back } = useHelpPanel()
  const titleId = useId()
  const panelId = useId()
  const faq = HELP_FAQS.find((item) => item.id === faqId) ?? null
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      close(true)
    }
  }
  const view = { headingRef: headingRef, onFollow: () => close(false) }

  const widget = (
    <div className={slot ? 'help help--bar' : 'help'} ref={rootRef} onKeyDown={onKeyDown}>
      {open ? (
        <section className="help-panel" id={panelId} role="dialog" aria-modal="false" aria-labelledby={titleId}>
          <header className="help-panel__header">
            {faq ? (
              <button type="button" className="help-panel__back" onClick={back}>
                <ChevronLeft size={18} aria-hidden="true" />
                Back
              </button>
            ) : (
              <span className="help-panel__badge" aria-hidden="true">
                <HelpCircle size={20} />
              </span>
            )}
            <h2 className="help-panel__title" id={titleId}>
              Help &amp; Support
            </h2>
            <button type="button" className="help-panel__close" aria-label="Close help" onClick={() => close(true)}>
              <X size={18} aria-hidden="true" />
            </button>
          </header>
          <div className="help-panel__body">
            {faq ? <FaqAnswer faq={faq} {...view} /> : <HelpHome {...view} onShow={setFaqId} />}
          </div>
        </section>
      ) : null}
      <button
        type="button"
        ref={fabRef}
        className="help-fab"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        {open ? <X size={20} aria-hidden="true" /> : <HelpCircle size={20} aria-hidden="true" />}
        <span className="help-fab__text">Help</span>
      </button>
    </div>
  )
  return slot ? createPortal(widget, slot) : widget
}
