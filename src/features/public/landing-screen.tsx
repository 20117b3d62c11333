import { BarChart3, CloudOff, Download, Globe2, MessageCircle, Moon, PiggyBank, Smartphone } from 'lucide-react'
import { Link, useLocation } from 'react-router-dom'
import { ButtonLink } from '../../components/ui/button'
import { PublicLayout } from './public-layout'
import { WhatsappExample } from './whatsapp-example'

const FEATURES = [
  {
    icon: CloudOff,
    title: 'Works offline',
    text: 'Every entry is saved on your phone first and syncs when you are back online.',
  },
  {
    icon: MessageCircle,
    title: 'Log by WhatsApp',
    text: "Send 'Spent 500 on food' and the expense appears in the app.",
  },
  {
    icon: PiggyBank,
    title: 'Budgets that warn you',
    text: 'Set limits per category and see at 70% and 90% how much is left.',
  },
  {
    icon: BarChart3,
    title: 'Reports with charts',
    text: 'Month by month, by category, with a 12-month trend and CSV export.',
  },
  {
    icon: Globe2,
    title: 'Ten currencies',
    text: 'Rupees by default, in Indian digit grouping; dollars, dirhams and more.',
  },
  {
    icon: Smartphone,
    title: 'Install it',
    text: 'Add it to your home screen: it opens like an app, even with no signal.',
  },
  { icon: Moon, title: 'Dark mode', text: 'Easy on the eyes at night; it follows your phone unless you choose.' },
  {
    icon: Download,
    title: 'Your data is yours',
    text: 'Export a JSON backup or CSV any time, or delete your account.',
  },
] as const

export type LandingVariant = 'light' | 'dark'

function Hero({ variant }: { variant: LandingVariant }) {
  return (
    <section className="landing-hero" aria-labelledby="landing-title">
      <p className="landing-hero__eyebrow">Free · No credit card</p>
      <h1 id="landing-title">Know where every rupee goes</h1>
      <p className="landing-hero__lead">
        Hisaab tracks your expenses, income and budgets on your phone, online or off, and lets you log spending with a
        WhatsApp message.
      </p>
      <div className="landing-hero__actions">
        {variant === 'light' ? (
          <ButtonLink to="/signup" size="lg">
            Get Started Free
          </ButtonLink>
        ) : (
          <ButtonLink to="/onboarding" size="lg">
            Start Your Journey
          </ButtonLink>
        )}
        <ButtonLink to="/demo" size="lg" variant="outline">
          Live Demo
        </ButtonLink>
      </div>
      <p className="landing-hero__signin">
        Already have an account?{' '}
        <Link to="/login" className="public-link">
          Sign In
        </Link>
      </p>
    </section>
  )
}

function Features() {
  return (
    <section className="landing-section" aria-labelledby="features-title">
      <h2 id="features-title">Everything you need, nothing you don't</h2>
      <ul className="feature-grid">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="feature-card">
            <Icon size={24} aria-hidden="true" className="feature-card__icon" />
            <h3>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function WhatsappSection({ startTo }: { startTo: string }) {
  return (
    <section className="landing-section landing-split" aria-labelledby="wa-title">
      <div>
        <h2 id="wa-title">Spent something? Just text it.</h2>
        <p>
          Link your number once in Settings, then send short messages like 'Paid 1000 for rent' or '300 groceries'. The
          reply confirms the amount and category, and the entry is on all your devices.
        </p>
        <ButtonLink to={startTo} variant="secondary">
          Get Started
        </ButtonLink>
      </div>
      <WhatsappExample message="Spent 500 on food" amount={500_00} category="Food & Dining" />
    </section>
  )
}

/**
 * The landing page: the light variant at / and the old dark one at /old (spec part 1 §2).
 * It imports no data code, so a first visit on a slow phone loads only this page.
 */
export default function LandingScreen({ variant }: { variant: LandingVariant }) {
  const deleted = new URLSearchParams(useLocation().search).get('account') === 'deleted'
  const startTo = variant === 'light' ? '/signup' : '/onboarding'
  return (
    <PublicLayout variant={variant === 'dark' ? 'dark' : 'theme'} startTo="/onboarding">
      {deleted ? (
        <p className="public-notice" role="status">
          Your account and all its data were deleted. Thank you for using Hisaab.
        </p>
      ) : null}
      <Hero variant={variant} />
      <Features />
      <WhatsappSection startTo={startTo} />
      <section className="landing-cta" aria-labelledby="cta-title">
        <h2 id="cta-title">Start in two minutes</h2>
        <p>Create your account, set a goal, and add your first expense.</p>
        <ButtonLink to="/onboarding" size="lg">
          Get Started Now
        </ButtonLink>
      </section>
    </PublicLayout>
  )
}
