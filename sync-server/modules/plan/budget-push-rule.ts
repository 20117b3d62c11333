import type { PushRule } from '../../db/documents'

/**
 * A pushed budget that says nothing of its currency (a device older than budgets in other
 * currencies) keeps the currency and rate the server holds, then goes through `next` (the
 * allocation rule): what the device does not know, it cannot clear.
 */
export function budgetPushRule(next: PushRule): PushRule {
  return (incoming, context) => {
    const { current } = context
    if (incoming.currency !== undefined || !current || current.deleted) return next(incoming, context)
    const { currency, fxRate, fxHome } = current.data
    if (currency === undefined) return next(incoming, context)
    const kept = { ...incoming, currency, fxRate: fxRate ?? null, ...(fxHome ? { fxHome } : {}) }
    return next(kept, context)
  }
}
