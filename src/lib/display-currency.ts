import { DEFAULT_CURRENCY } from '../../schema/money/money'

/** The currency amounts are shown in: the synced profile's, else the account's, else INR. */
export function displayCurrency(
  profile: { currency: string } | null | undefined,
  user: { currency?: string | null },
): string {
  return profile?.currency ?? user.currency ?? DEFAULT_CURRENCY
}
