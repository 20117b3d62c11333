/**
 * Booked once: the same payment reaches us as the bank's SMS, the UPI app's message, a forward,
 * a share and a paste, on several devices, offline. Each names it the same way: by its
 * reference, else by account, amount, day (and time) and merchant. The entry's id is derived
 * from that key and the owner, so every device and the server make the same id for the same
 * payment, and two offline copies meet as one document when they sync.
 */
import type { EntryDate } from './dates'
import { merchantKey } from './text'

export interface PaymentFacts {
  type: 'expense' | 'income'
  /** Integer paise. */
  amount: number
  date: EntryDate
  ref?: string
  account?: string
  merchant?: string
}

/**
 * The payment's key, or undefined when the message does not identify one (typed messages; a bank
 * message with neither a reference nor an account and a dated day). `ref:` keys are certain;
 * `acct:` keys may match a second real payment (same amount, day and shop) and are asked about.
 */
export function paymentKey(facts: PaymentFacts): string | undefined {
  if (facts.ref) return `${facts.type}:ref:${facts.ref}`
  const { date } = facts
  if (!facts.account || 'daysAgo' in date || date.year === undefined) return undefined
  const pad = (n: number) => String(n).padStart(2, '0')
  const time = date.hour === undefined ? '' : `${pad(date.hour)}${pad(date.minute ?? 0)}`
  const day = `${date.year}${pad(date.month)}${pad(date.day)}${time}`
  return `${facts.type}:acct:${facts.account}:${facts.amount}:${day}:${merchantKey(facts.merchant ?? '')}`
}

/** True for keys that name the payment for certain (a bank reference). */
export const isCertainKey = (key: string): boolean => key.split(':')[1] === 'ref'

/** The key of the payment a refund reverses, when the refund quotes its reference. */
export function reversedKey(ref: string): string {
  return `expense:ref:${ref}`
}

/** 32-bit mixing of one lane (MurmurHash3's finaliser). */
function fmix(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

/**
 * A 128-bit hash as 32 hex digits: four lanes over the text's UTF-16 units. Not cryptographic;
 * it only has to keep one user's payments apart (no one gains by colliding their own ids).
 */
export function hash128(text: string): string {
  const lanes = [0x9747b28c, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f]
  const multipliers = [0xcc9e2d51, 0x1b873593, 0x38b34ae5, 0xa1e38b93]
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    for (let lane = 0; lane < 4; lane++) {
      let h = Math.imul(lanes[lane]! ^ unit, multipliers[lane]!)
      h = (h << 13) | (h >>> 19)
      lanes[lane] = (Math.imul(h, 5) + 0xe6546b64 + lane) | 0
    }
  }
  const [a = 0, b = 0, c = 0, d = 0] = lanes.map((h) => fmix(h ^ text.length))
  // Cross the lanes so each output word depends on all four.
  return [a ^ fmix(b + c), b ^ fmix(c + d), c ^ fmix(d + a), d ^ fmix(a + b)]
    .map((h) => (h >>> 0).toString(16).padStart(8, '0'))
    .join('')
}

/** The id of the entry for a payment key: the same on every device and on the server. */
export function paymentEntryId(ownerId: string, key: string): string {
  return `p${hash128(`${ownerId}\n${key}`)}`
}
