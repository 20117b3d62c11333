import { useCallback, useEffect, useState } from 'react'
import {
  clampStep,
  LAST_STEP,
  OnboardingData,
  parseOnboardingState,
  type OnboardingState,
} from '../../../schema/onboarding'

/** Session storage keys (spec part 1 §3): the running onboarding and its completion flag. */
export const ONBOARDING_KEY = 'hisaab.onboarding'
export const ONBOARDING_DONE_KEY = 'hisaab.onboarding.completed'

function read(): OnboardingState {
  try {
    return parseOnboardingState(sessionStorage.getItem(ONBOARDING_KEY))
  } catch {
    return parseOnboardingState(null)
  }
}

export interface Onboarding {
  step: number
  data: OnboardingData
  next: () => void
  back: () => void
  goTo: (step: number) => void
  update: (patch: Partial<OnboardingData> | ((data: OnboardingData) => Partial<OnboardingData>)) => void
  reset: () => void
  /** Sets the completion flag and forgets the answers (they are saved by then). */
  complete: () => void
}

/**
 * Onboarding's step and answers, kept in session storage so a reload continues where it was
 * (spec part 1 §4): next only below the last step, back only above 0, jumps within 0–9.
 */
export function useOnboarding(): Onboarding {
  const [state, setState] = useState<OnboardingState>(read)
  useEffect(() => {
    sessionStorage.setItem(ONBOARDING_KEY, JSON.stringify(state))
  }, [state])

  const goTo = useCallback((step: number) => setState((s) => ({ ...s, step: clampStep(step) })), [])
  const next = useCallback(() => setState((s) => (s.step < LAST_STEP ? { ...s, step: s.step + 1 } : s)), [])
  const back = useCallback(() => setState((s) => (s.step > 0 ? { ...s, step: s.step - 1 } : s)), [])
  const update = useCallback<Onboarding['update']>(
    (patch) =>
      setState((s) => ({ ...s, data: { ...s.data, ...(typeof patch === 'function' ? patch(s.data) : patch) } })),
    [],
  )
  const reset = useCallback(() => {
    sessionStorage.removeItem(ONBOARDING_KEY)
    setState({ step: 0, data: OnboardingData.parse({}) })
  }, [])
  const complete = useCallback(() => {
    sessionStorage.setItem(ONBOARDING_DONE_KEY, '1')
    sessionStorage.removeItem(ONBOARDING_KEY)
  }, [])
  return { ...state, next, back, goTo, update, reset, complete }
}
