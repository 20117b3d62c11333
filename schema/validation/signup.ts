export const STRENGTH_LABELS = ['Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very Strong'] as const

/**
 * Spec part 1 §5: one point each for length ≥ 6, length ≥ 10, mixed case, a digit and a symbol.
 * Returns a score in 0..5 and its label (0–1 Weak, 2 Fair, 3 Good, 4 Strong, 5 Very Strong).
 */
export function passwordStrength(password: string): { score: number; label: (typeof STRENGTH_LABELS)[number] } {
  let score = 0
  if (password.length >= 6) score += 1
  if (password.length >= 10) score += 1
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score += 1
  if (/\d/.test(password)) score += 1
  if (/[^A-Za-z0-9]/.test(password)) score += 1
  return { score, label: STRENGTH_LABELS[score]! }
}

export const SIGNUP_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 6 characters',
  mismatch: 'Passwords do not match',
  failed: 'Signup failed. Please try again.',
} as const

export interface SignupErrors {
  email?: string
  password?: string
  confirm?: string
}

/** Field errors of the signup form (spec part 1 §5); empty when it may be submitted. */
export function signupErrors(input: { email: string; password: string; confirm: string }): SignupErrors {
  const errors: SignupErrors = {}
  const email = input.email.trim()
  if (!email) errors.email = SIGNUP_MESSAGES.emailRequired
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = SIGNUP_MESSAGES.emailInvalid
  if (!input.password) errors.password = SIGNUP_MESSAGES.passwordRequired
  else if (input.password.length < 6) errors.password = SIGNUP_MESSAGES.passwordShort
  if (input.confirm !== input.password) errors.confirm = SIGNUP_MESSAGES.mismatch
  return errors
}
