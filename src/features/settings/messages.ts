/** Settings texts. The spec's own (part 1 §5, §8) are kept word for word. */
export const SETTINGS_TEXT = {
  phoneRequired: 'Please enter a phone number',
  phoneTooShort: 'Phone number must be at least 10 digits',
  phoneUpdated: (code: string, number: string) => `Updated to +${code}${number}! Refreshing...`,
  phoneFailed: 'Failed to update',
  phoneError: 'Error occurred',
  profileUpdated: '✅ Profile updated!',
  profileFailed: '❌ Failed to update',
  profileError: '❌ Error occurred',
  passwordsDiffer: "Passwords don't match",
  passwordTooShort: 'Min 6 characters',
  passwordChanged: '✅ Password changed!',
  passwordFailed: '❌ Failed',
  clearConfirm: 'Clear all data? This cannot be undone.',
  logoutConfirm: 'Logout?',
  /** DESIGN §1: what needs the server says so when it cannot reach it. */
  offline: (action: string) =>
    `You're offline: ${action} needs an internet connection. Try again when you're back online.`,
} as const

/** Spec part 1 §9: reload after a phone or profile update; close Security after a password change. */
export const RELOAD_AFTER_MS = 1_500
export const PASSWORD_CLOSE_AFTER_MS = 2_000
export const APP_VERSION = '1.0.0'

/** Joins the spec's failure text with the server's reason when it gave one. */
export function withReason(text: string, reason: string | null): string {
  return reason ? `${text}: ${reason}` : text
}
