import { z } from 'zod'
import { currencyDigits, isRate, storedDigits } from '../money/currency'
import { CURRENCY_CODES } from '../money/money'

/**
 * The currency fields of every amount-bearing entry (transaction, budget, recurring payment, loan,
 * household expense and settlement, business entry). Absent on entries made before entries had a
 * currency: those are in the profile's `legacyCurrency`, else its home currency (a household's
 * entries: the household's). `fxHome` is the currency the rate was given for: after a change of
 * home currency the rate no longer applies and the entry reads as not converted, never at a rate
 * meant for another currency.
 */
export const entryCurrencyFields = {
  /** The currency the entry's amounts are in (stored units: money/currency.ts). */
  currency: z.enum(CURRENCY_CODES).optional(),
  /** Units of `fxHome` per unit of `currency`; null: "not converted" yet. */
  fxRate: z.number().refine(isRate, 'Invalid rate').nullable().optional(),
  /** The home currency `fxRate` converts to, as it was when the rate was given. */
  fxHome: z.enum(CURRENCY_CODES).optional(),
}

/** Whether stored units are a whole number of the currency's own minor unit (whole yen). */
export function isWholeIn(amount: number, code: string): boolean {
  return amount % 10 ** (storedDigits(code) - currencyDigits(code)) === 0
}

interface WithCurrency {
  currency?: string | undefined
  fxRate?: number | null | undefined
  fxHome?: string | undefined
}

/** Every amount is a whole number of the entry's currency's unit, and a rate names both currencies. */
export function refineEntryCurrency<T extends WithCurrency>(amountsOf: (entry: T) => readonly number[]) {
  return (entry: T, ctx: z.RefinementCtx): void => {
    const code = entry.currency
    if (code !== undefined && !amountsOf(entry).every((a) => isWholeIn(a, code)))
      ctx.addIssue({ code: 'custom', message: 'The amount has more digits than its currency', path: ['amount'] })
    if (entry.fxRate != null && (code === undefined || entry.fxHome === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'A rate needs a currency and the currency it converts to',
        path: ['fxRate'],
      })
  }
}
