/**
 * The shape of the message corpus: bank and UPI messages written in our own words after the
 * public formats of each bank and app (no real person's data: names, numbers and references are
 * made up), plus typed messages. Each case says what a careful person would book from it.
 */
import type { Doubt, NoticeKind } from '../../../schema/parse/message'

export const KINDS = [
  'upi debit',
  'upi credit',
  'card spend',
  'cash withdrawal',
  'transfer in',
  'transfer out',
  'bill payment',
  'refund',
  'otp',
  'mandate',
  'balance',
  'promotion',
  'failed',
  'request',
  'reminder',
  'card payment',
  'typed',
] as const
export type Kind = (typeof KINDS)[number]

export interface ExpectedEntry {
  type: 'expense' | 'income'
  /** Integer paise. */
  amount: number
  /** The day it happened (YYYY-MM-DD); corpus "now" is 26 Nov 2026, 12:00 in India. */
  date: string
  /** As shown in the app, or null when the message names none. */
  merchant: string | null
  category: string
  /** What should be asked before booking (empty: book it). */
  ask: Doubt[]
}

export interface CorpusCase {
  /** The bank, app or card issuer whose format it follows; 'Typed' for what people type. */
  source: string
  kind: Kind
  text: string
  expected: ExpectedEntry | { notice: NoticeKind }
}

export const NOW = new Date(2026, 10, 26, 12, 0).getTime()

type EntryArgs = [text: string, amount: number, date: string, merchant: string | null, category: string, ask?: Doubt[]]

/** Helpers that keep each case on a line or two. */
export function casesOf(source: string) {
  const entry =
    (type: 'expense' | 'income') =>
    (kind: Kind, ...[text, amount, date, merchant, category, ask = []]: EntryArgs): CorpusCase => ({
      source,
      kind,
      text,
      expected: { type, amount, date, merchant, category, ask },
    })
  return {
    out: entry('expense'),
    in: entry('income'),
    none: (kind: Kind, text: string, notice: NoticeKind): CorpusCase => ({ source, kind, text, expected: { notice } }),
  }
}
