import { HelpCircle, Inbox, Mail, MessageSquarePlus } from 'lucide-react'
import { Link } from 'react-router-dom'
import { ButtonLink } from '../../components/ui/button'
import { PageHeader } from '../../components/ui/page-header'
import { SUPPORT_EMAIL, SUPPORT_REPLY_HOURS } from '../../lib/support-contact'
import { SUPPORT_FAQS } from './support-faqs'
import './support.css'

const ACTIONS = [
  { href: '#faqs', label: 'View FAQs', hint: 'Answers to common questions', icon: HelpCircle },
  {
    to: '/support/tickets/new',
    label: 'Raise a Ticket',
    hint: `We reply within ${SUPPORT_REPLY_HOURS} hours`,
    icon: MessageSquarePlus,
  },
  { to: '/support/tickets', label: 'My Tickets', hint: 'Follow your conversations', icon: Inbox },
] as const

function Actions() {
  return (
    <nav className="support-actions" aria-label="Support actions">
      {ACTIONS.map((a) => {
        const Icon = a.icon
        const body = (
          <>
            <Icon size={24} aria-hidden="true" />
            <span className="support-action__label">{a.label}</span>
            <span className="support-action__hint">{a.hint}</span>
          </>
        )
        return 'to' in a ? (
          <Link key={a.label} to={a.to} className="support-action">
            {body}
          </Link>
        ) : (
          <a key={a.label} href={a.href} className="support-action">
            {body}
          </a>
        )
      })}
    </nav>
  )
}

/** /support (spec part 1 §2): three actions, ten FAQs, Contact Support. */
export default function SupportScreen() {
  return (
    <div className="support-page">
      <PageHeader title="Help & Support" subtitle="Find an answer, or ask us directly." />
      <Actions />
      <section id="faqs" className="support-card" aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        <div className="faq-list">
          {SUPPORT_FAQS.map((f) => (
            <details key={f.question} className="faq">
              <summary>{f.question}</summary>
              <p>{f.answer}</p>
            </details>
          ))}
        </div>
      </section>
      <section className="support-card" aria-labelledby="contact-title">
        <h2 id="contact-title">Contact Support</h2>
        <p>
          Raise a ticket and follow the conversation here; it works offline and is sent when you are back online. We
          reply within {SUPPORT_REPLY_HOURS} hours.
        </p>
        <div className="support-contact">
          <ButtonLink to="/support/tickets/new" icon={<MessageSquarePlus size={18} />}>
            Raise a Ticket
          </ButtonLink>
          <a className="support-mail" href={`mailto:${SUPPORT_EMAIL}`}>
            <Mail size={18} aria-hidden="true" /> {SUPPORT_EMAIL}
          </a>
        </div>
      </section>
    </div>
  )
}
