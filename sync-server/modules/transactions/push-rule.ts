import type { PushRule } from '../../db/documents'

/**
 * A pushed entry that says nothing of its currency (a device older than currencies per entry)
 * keeps the currency and rate the server holds: what the device does not know, it cannot clear.
 * A device that knows the fields always writes `currency`, so its choice stands.
 */
export const transactionPushRule: PushRule = (incoming, { current }) => {
  if (incoming.currency !== undefined || !current || current.deleted) return Promise.resolve(incoming)
  const { currency, fxRate, fxHome } = current.data
  if (currency === undefined) return Promise.resolve(incoming)
  return Promise.resolve({ ...incoming, currency, fxRate: fxRate ?? null, ...(fxHome ? { fxHome } : {}) })
}
