import { ArrowLeft } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button } from '../../components/ui/button'
import { ThemeToggle } from '../../components/ui/theme-toggle'
import { LoadingScreen } from '../../components/ui/spinner'
import { ONBOARDING_STEPS, progressPercent } from '../../../schema/onboarding'
import { useAuth } from '../../data/auth-context'
import { UserTypeStep, WelcomeStep } from './early-steps'
import { BudgetStep, DoneStep, FirstExpenseStep } from './entry-steps'
import { GoalsStep, PlanStep, ProfileStep } from './profile-goals-steps'
import { SignupStep } from './signup-step'
import { useOnboarding, type Onboarding } from './use-onboarding'
import { WhatsappStep } from './whatsapp-step'
import '../../components/auth/auth.css'
import './onboarding.css'

function Progress({ step }: { step: number }) {
  const percent = progressPercent(step)
  return (
    <div className="onb-progress">
      <div className="onb-progress__text">
        <span>
          Step {step + 1} of {ONBOARDING_STEPS.length}
        </span>
        <span>{percent}%</span>
      </div>
      <div
        className="onb-progress__bar"
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}

function CurrentStep({ step, onboarding, finish }: { step: number; onboarding: Onboarding; finish: () => void }) {
  const steps: ReactNode[] = [
    <WelcomeStep key="welcome" onboarding={onboarding} />,
    <SignupStep key="signup" onboarding={onboarding} />,
    <UserTypeStep key="type" onboarding={onboarding} />,
    <WhatsappStep key="whatsapp" onboarding={onboarding} />,
    <ProfileStep key="profile" onboarding={onboarding} />,
    <GoalsStep key="goals" onboarding={onboarding} />,
    <PlanStep key="plan" onboarding={onboarding} />,
    <FirstExpenseStep key="expense" onboarding={onboarding} />,
    <BudgetStep key="budget" onboarding={onboarding} onFinish={finish} />,
    <DoneStep key="done" onFinish={finish} />,
  ]
  return steps[step] ?? null
}

/**
 * /onboarding (spec part 1 §2): ten steps from a first visit to the home screen. The account is
 * made at step 1; every later step needs it, so a signed-out visitor past step 1 sees the
 * signup step. Data code loads only when a step saves something.
 */
export default function OnboardingScreen() {
  const onboarding = useOnboarding()
  const { status } = useAuth()
  const navigate = useNavigate()
  const step = status !== 'signed-in' && onboarding.step >= 2 ? 1 : onboarding.step
  const main = useRef<HTMLElement>(null)

  useEffect(() => {
    main.current?.querySelector<HTMLElement>('.onb-step__title')?.focus()
  }, [step])

  if (status === 'loading') return <LoadingScreen />
  const finish = () => {
    onboarding.complete()
    void navigate('/home', { replace: true })
  }
  return (
    <div className="onb">
      <header className="onb__top">
        {step > 0 ? (
          <Button variant="ghost" size="sm" icon={<ArrowLeft size={18} />} onClick={onboarding.back}>
            Back
          </Button>
        ) : (
          <span className="onb__brand">
            <img src="/icons/icon.svg" alt="" width={28} height={28} /> Hisaab
          </span>
        )}
        <div className="onb__tools">
          {step > 0 ? (
            <Button variant="ghost" size="sm" onClick={onboarding.reset}>
              Start over
            </Button>
          ) : null}
          <ThemeToggle />
        </div>
      </header>
      <main className="onb__main" ref={main}>
        {step > 0 ? <Progress step={step} /> : null}
        <CurrentStep step={step} onboarding={onboarding} finish={finish} />
      </main>
    </div>
  )
}
