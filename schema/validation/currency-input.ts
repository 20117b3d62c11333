import { isRate, parseAmountIn, type Rate } from '../money/currency'
import { CURRENCY_CODES, toPaise } from '../money/money'
import { TRANSACTION_MESSAGES } from './transaction-input'
import { fail, isBlank, MAX_PLAN_PAISE, RULE_MESSAGES, type Checked, type RawInput } from './rules'

/**
 * The currency of a recurring payment, a loan or a business entry, as a form or a REST body gives
 * it: the same rules and messages as an expense's (transaction-input.ts).
 */
export interface CurrencyInput {
  /** Absent: the home currency (or, on an edit, what the entry holds). */
  currency?: string | null | undefined
  /** The rate to the home currency; null: not converted; NaN: unreadable. */
  fxRate?: number | null | undefined
}

/** The checked currency fields: with a currency, always its rate (null: not converted). */
export interface EntryCurrency {
  currency?: string
  fxRate?: Rate | null
}

export type CurrencyField = 'currency' | 'fxRate'

/** The currency and rate, or the first of them that is wrong with the expense form's message. */
export function checkCurrency(input: CurrencyInput): Checked<EntryCurrency, CurrencyField> {
  const { currency, fxRate } = input
  if (currency === undefined || currency === null) return { ok: true, value: {} }
  if (!CURRENCY_CODES.includes(currency)) return fail('currency', TRANSACTION_MESSAGES.currencyInvalid)
  if (fxRate != null && !isRate(fxRate)) return fail('fxRate', TRANSACTION_MESSAGES.rateInvalid)
  return { ok: true, value: { currency, fxRate: fxRate ?? null } }
}

/**
 * An amount typed in `currency`'s own digits ("11.80" dollars, "500" yen, "0.125" dinar) as stored
 * units; rupee-style paise when no currency is named. The plan rules of rules.ts `checkAmount`.
 */
export function checkAmountIn<F extends string>(
  value: RawInput,
  currency: string | undefined,
  field: F,
  { required, zero }: { required: string; zero: boolean },
): Checked<number, F> {
  if (isBlank(value)) return fail(field, required)
  const amount = currency === undefined ? toPaise(value) : parseAmountIn(String(value), currency)
  if (amount === null) return fail(field, RULE_MESSAGES.amountInvalid)
  if (amount < 0) return fail(field, RULE_MESSAGES.amountNegative)
  if (amount === 0 && !zero) return fail(field, RULE_MESSAGES.amountPositive)
  if (amount > MAX_PLAN_PAISE) return fail(field, RULE_MESSAGES.amountTooLarge)
  return { ok: true, value: amount }
}

/** The checked currency fields with the home currency a rate converts to (`fxHome`). */
export function withHome(value: EntryCurrency, home: string): EntryCurrency & { fxHome?: string } {
  return value.fxRate == null ? value : { ...value, fxHome: home }
}
