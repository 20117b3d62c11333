import { keepLateFields } from '../sync/late-fields'

/**
 * An entry pushed by a device older than currencies per entry or receipts keeps the currency,
 * rate and receipt the server holds.
 */
export const transactionPushRule = keepLateFields(
  { marker: 'currency', fields: ['currency', 'fxRate', 'fxHome'] },
  { marker: 'receipt', fields: ['receipt'] },
)
