import { useState } from 'react'

/**
 * A form's check, run on submit and from then on at every render: the messages it gives always
 * describe the values on screen, so a message goes the moment its field is fixed (and comes back
 * if the field is broken again), and nothing is said before the first submit. `check` reads the
 * form's current values and must be pure; a save that fails is the form's own state, not this.
 */
export function useRecheck<R>(check: () => R): { result: R | null; submit: () => R; reset: () => void } {
  const [submitted, setSubmitted] = useState(false)
  return {
    result: submitted ? check() : null,
    submit: () => {
      setSubmitted(true)
      return check()
    },
    reset: () => setSubmitted(false),
  }
}
