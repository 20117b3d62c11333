import { ButtonLink } from '../../components/ui/button'
import { PublicLayout } from './public-layout'
import { WhatsappExample } from './whatsapp-example'

const STEPS = [
  {
    title: 'Sign up free',
    text: 'Create an account with your e-mail and a password. No credit card, no bank login.',
  },
  {
    title: 'Connect WhatsApp (optional)',
    text:
      'In Settings → WhatsApp Integration, save your number, then send the link code it shows ' +
      'from that number on WhatsApp.',
  },
  {
    title: 'Start tracking',
    text:
      'Add expenses and income in the app (offline too) or by message. ' +
      'Budgets, reports and insights update as you go.',
  },
] as const

const EXAMPLES = [
  { message: 'Spent 500 on food', amount: 500_00, category: 'Food & Dining' },
  { message: 'Paid 1000 for rent', amount: 1000_00, category: 'Bills & Utilities' },
  { message: '300 groceries', amount: 300_00, category: 'Food & Dining' },
] as const

export default function HowItWorksScreen() {
  return (
    <PublicLayout>
      <section className="landing-hero landing-hero--compact" aria-labelledby="how-title">
        <h1 id="how-title">How it works</h1>
        <p className="landing-hero__lead">Three steps from nothing to knowing where your money goes.</p>
      </section>
      <ol className="how-steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="how-step">
            <span className="how-step__number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h2>{step.title}</h2>
              <p>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <section className="landing-section" aria-labelledby="how-wa-title">
        <h2 id="how-wa-title">What a WhatsApp entry looks like</h2>
        <div className="wa-examples">
          {EXAMPLES.map((e) => (
            <WhatsappExample key={e.message} {...e} />
          ))}
        </div>
        <p className="public-muted">
          Send 'summary' for this month's totals, 'undo' to remove your last entry, or 'help' for the commands.
        </p>
      </section>
      <section className="landing-cta" aria-labelledby="how-cta-title">
        <h2 id="how-cta-title">Ready when you are</h2>
        <ButtonLink to="/signup" size="lg">
          Sign Up Free
        </ButtonLink>
      </section>
    </PublicLayout>
  )
}
