import { isUpiId, normalizeUpiId } from './upi-id'

// NPCI's `upi://pay` deep link, which GPay, PhonePe, Paytm and every other UPI app open with the
// payee, amount and note filled in. The app only builds the link: the payment happens in the UPI
// app, and nothing here marks anything paid.

/** NPCI's limits on the free-text fields apps show: the payee's name and the note. */
export const UPI_NAME_MAX = 50
export const UPI_NOTE_MAX = 50

export interface UpiPayment {
  /** The receiver's UPI ID (pa). */
  payee: string
  /** The receiver's name as the UPI app shows it (pn). */
  name: string
  /** Integer paise, > 0 (am, in rupees with two decimals). */
  amount: number
  /** What the payment is for (tn). */
  note: string
}

/** Paise as rupees with exactly two decimals, from the integer (never through a float). */
export function upiAmount(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`
}

/** Cuts text to `max` characters without splitting a surrogate pair, whitespace folded. */
function clip(text: string, max: number): string {
  return Array.from(text.replace(/\s+/g, ' ').trim()).slice(0, max).join('')
}

/**
 * The `upi://pay` link for a payment (pa, pn, am, cu=INR, tn; every value percent-encoded, so a
 * name or note with `&`, `=`, `#` or spaces cannot add or change a parameter). Null when the
 * payee is not a valid UPI ID or the amount is not a positive whole number of paise.
 */
export function upiPayLink(payment: UpiPayment): string | null {
  const payee = normalizeUpiId(payment.payee)
  if (!isUpiId(payee) || !Number.isSafeInteger(payment.amount) || payment.amount <= 0) return null
  const params: [string, string][] = [
    ['pa', payee],
    ['pn', clip(payment.name, UPI_NAME_MAX) || payee],
    ['am', upiAmount(payment.amount)],
    ['cu', 'INR'],
    ['tn', clip(payment.note, UPI_NOTE_MAX)],
  ]
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`
}

/** The note of a household settlement: the household's name, so the receiver knows what it is for. */
export function settlementNote(householdName: string): string {
  return clip(`Settle up - ${householdName}`, UPI_NOTE_MAX)
}
