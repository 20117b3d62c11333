import { z } from 'zod'
import { amountText, parseRate, type CurrencyFields, type HomeCurrency } from '../../../schema/money/currency'
import { fromPaise } from '../../../schema/money/money'
import type { CurrencyInput } from '../../../schema/validation/currency-input'
import type { DocumentsRepository } from '../../db/documents'

/**
 * The currency of a recurring payment or a loan over REST: `currency` (ISO code) and `fx_rate`
 * (home-currency units per unit of it; null: not converted), amounts in the currency's own digits.
 */
export const RestCurrencyFields = {
  currency: z.string().max(10).nullish(),
  fx_rate: z.union([z.number(), z.string().max(40)]).nullish(),
}
export interface RestCurrency {
  currency?: string | null | undefined
  fx_rate?: number | string | null | undefined
}

/** A REST rate: a number or a decimal string; null stays null; anything else is NaN (refused). */
function readRate(value: string | number | null): number | null {
  if (value === null) return null
  if (typeof value === 'number') return value
  return parseRate(value) ?? Number.NaN
}

/**
 * The currency and rate a body says over what an update's entry holds, and the home currency the
 * rate converts to. A new entry naming none is in the home currency; an edit keeps the entry's
 * currency and rate unless the body changes them (a new currency without a rate is not converted).
 */
export function restCurrency(
  body: RestCurrency,
  existing: CurrencyFields | undefined,
  home: string,
): CurrencyInput & { rateHome: string | undefined } {
  const currency = body.currency ?? (existing ? existing.currency : home)
  if (body.fx_rate !== undefined) return { currency, fxRate: readRate(body.fx_rate), rateHome: home }
  if (body.currency != null && body.currency !== existing?.currency) return { currency, fxRate: null, rateHome: home }
  return { currency, fxRate: existing?.fxRate ?? null, rateHome: existing?.fxHome ?? home }
}

/** A stored amount as a REST body would give it: in its currency's own digits. */
export function restAmountText(amount: number, currency: string | undefined): string {
  return currency === undefined ? String(fromPaise(amount)) : amountText(amount, currency)
}

/** The stored currency fields of a checked entry: a rate with the home currency it converts to. */
export function storedCurrency(
  value: { currency?: string; fxRate?: number | null },
  rateHome: string | undefined,
): CurrencyFields {
  if (value.currency === undefined) return {}
  const fxRate = value.fxRate ?? null
  return fxRate === null || rateHome === undefined
    ? { currency: value.currency, fxRate: null }
    : { currency: value.currency, fxRate, fxHome: rateHome }
}

/** What REST answers about an entry's currency (absent on entries made before they had one). */
export function restCurrencyOf(doc: CurrencyFields): { currency?: string; fx_rate?: number | null } {
  return doc.currency ? { currency: doc.currency, fx_rate: doc.fxRate ?? null } : {}
}

/**
 * The user's home currency (the profile's, else INR, the app's default) and the one their entries
 * without a currency are in.
 */
export async function homeOf(documents: DocumentsRepository, ownerId: string): Promise<HomeCurrency> {
  const profile = await documents.getOwned('profile', ownerId, ownerId)
  const data = profile && !profile.deleted ? profile.data : undefined
  return { currency: data?.currency ?? 'INR', legacyCurrency: data?.legacyCurrency ?? null }
}
