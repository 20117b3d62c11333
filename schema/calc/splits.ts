import type { SplitMethod } from '../entities/household'
import { currencyDigits, storedDigits } from '../money/currency'
import { formatDecimal, type Paise } from '../money/money'
import { apportion } from './shares'

/** Basis points in a whole: 10000 = 100 %. */
export const WHOLE_BP = 10_000

/** One member's input to a split: an exact amount (paise) or a weight (basis points or shares). */
export interface SplitInput {
  userId: string
  /** Paise, used by 'exact'. */
  amount?: Paise
  /** Basis points for 'percentage', a share count for 'shares'. */
  weight?: number
}

export interface SplitPart {
  userId: string
  amount: Paise
  weight: number
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

/**
 * Stored units in one of `currency`'s own minor units: 100 for the yen (stored in hundredths, shown
 * whole), 1 for a currency with two or three decimals. Without a currency, 1 (paise).
 */
function unitStep(currency: string | undefined): number {
  return currency ? 10 ** (storedDigits(currency) - currencyDigits(currency)) : 1
}

/**
 * `total` in parts proportional to `weights`, each a whole number of `step`s (largest remainder on
 * the steps), adding up to exactly `total`. A total that is not whole steps (an entry stored before
 * its currency's digits were kept) leaves its odd units with the first weighted part.
 */
function apportionIn(total: number, weights: readonly number[], step: number): number[] {
  const steps = Math.trunc(total / step)
  const parts = apportion(steps, weights).map((n) => n * step)
  const odd = total - steps * step
  const first = weights.findIndex((w) => w > 0)
  if (odd !== 0 && first >= 0) parts[first]! += odd
  return parts
}

/**
 * Every member's part of `total` (in `currency`'s stored units; absent: paise). For 'equal' and
 * 'shares' every part is a whole number of the currency's own minor units (whole yen, fils for the
 * dinar) and the parts add up to exactly `total` (largest remainder; for 'shares' when any share is
 * positive); equal parts differ by at most one minor unit. For 'percentage' the parts, in whole minor
 * units too, add up to exactly the percentages' share of `total`, so to `total` when the percentages
 * make 100 %. For 'exact' the amounts are taken as given: check them with `splitMismatch`.
 */
export function splitAmounts(
  method: SplitMethod,
  total: Paise,
  inputs: readonly SplitInput[],
  currency?: string,
): SplitPart[] {
  const step = unitStep(currency)
  switch (method) {
    case 'equal': {
      const parts = apportionIn(
        total,
        inputs.map(() => 1),
        step,
      )
      return inputs.map((m, i) => ({ userId: m.userId, amount: parts[i]!, weight: 0 }))
    }
    case 'exact':
      return inputs.map((m) => ({ userId: m.userId, amount: Math.max(0, Math.round(m.amount ?? 0)), weight: 0 }))
    case 'percentage': {
      const weights = inputs.map((m) => Math.max(0, Math.round(m.weight ?? 0)))
      const whole = sum(weights) === WHOLE_BP
      // The percentages' share in whole minor units; all of `total` when they make 100 %.
      const covered = whole ? total : Math.round((Math.trunc(total / step) * sum(weights)) / WHOLE_BP) * step
      const parts = apportionIn(covered, weights, step)
      return inputs.map((m, i) => ({ userId: m.userId, amount: parts[i]!, weight: weights[i]! }))
    }
    case 'shares': {
      const weights = inputs.map((m) => Math.max(0, Math.round(m.weight ?? 0)))
      const parts = apportionIn(total, weights, step)
      return inputs.map((m, i) => ({ userId: m.userId, amount: parts[i]!, weight: weights[i]! }))
    }
  }
}

/** Split tolerance of spec part 2 §9: 0.01 (one paisa). */
export const SPLIT_TOLERANCE_PAISE = 1

/** "Split amounts (x) don't match total (y)" when the parts miss the total by more than 0.01, else null. */
export function splitMismatch(total: Paise, parts: readonly { amount: Paise }[]): string | null {
  const sum = parts.reduce((a, p) => a + p.amount, 0)
  if (Math.abs(sum - total) <= SPLIT_TOLERANCE_PAISE) return null
  return `Split amounts (${formatDecimal(sum)}) don't match total (${formatDecimal(total)})`
}

/**
 * Parts within the tolerance made exact: the paisa of difference goes to (or comes from) the
 * largest part, so the stored parts always add up to the amount.
 */
export function absorbRounding<P extends { amount: Paise }>(total: Paise, parts: readonly P[]): P[] {
  const diff = total - parts.reduce((a, p) => a + p.amount, 0)
  if (diff === 0 || parts.length === 0) return [...parts]
  let largest = 0
  parts.forEach((p, i) => {
    if (p.amount > parts[largest]!.amount) largest = i
  })
  return parts.map((p, i) => (i === largest ? { ...p, amount: Math.max(0, p.amount + diff) } : p))
}

/** A part's share of the total in basis points (what the form shows as its percentage). */
export function percentOf(total: Paise, amount: Paise): number {
  return total > 0 ? Math.round((amount * WHOLE_BP) / total) : 0
}

/** '33.33' from basis points. */
export function formatBasisPoints(bp: number): string {
  return (bp / 100).toFixed(2)
}
