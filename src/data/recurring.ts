import { map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { newTransaction, type TransactionContent } from '../../schema/entities/transaction'
import { markPaid, markPaidEntryId, type PaidRate } from '../../schema/calc/mark-paid'
import { reminderHorizon } from '../../schema/calc/recurring-schedule'
import { withHome } from '../../schema/validation/currency-input'
import type { RecurringFields } from '../../schema/validation/plan-input'
import { userData } from './database'
import type { TransactionDoc } from './transactions'
import { insertDocument, patchDocument, removeDocument } from './writes'
import { plainDocs } from './plain'

export type RecurringDoc = DocOf<'recurring_payments'>

/** Every recurring payment, soonest next due first; served by the `nextDueDate` index. */
export function recurringPayments$(): Observable<RecurringDoc[]> {
  const { db } = userData()
  return db.recurring_payments
    .find({ selector: { nextDueDate: { $gte: '' } }, sort: [{ nextDueDate: 'asc' }] })
    .$.pipe(map((docs) => plainDocs<RecurringDoc>(docs)))
}

/** Recurring payments due on or before `day` ('YYYY-MM-DD'), soonest first; served by the `nextDueDate` index. */
export function recurringDueBy$(day: string): Observable<RecurringDoc[]> {
  const { db } = userData()
  return db.recurring_payments
    .find({ selector: { nextDueDate: { $lte: day } }, sort: [{ nextDueDate: 'asc' }] })
    .$.pipe(map((docs) => plainDocs<RecurringDoc>(docs)))
}

/**
 * Payments whose next due day is at most 30 days after `now` (the widest reminder window);
 * the caller keeps those inside their own window.
 */
export function paymentsDueBy$(now: number): Observable<RecurringDoc[]> {
  return recurringDueBy$(reminderHorizon(now))
}

/** The fields to store: a rate is stored with the home currency it converts to. */
function stored(fields: RecurringFields, home: string): RecurringFields & { fxHome?: string } {
  const { currency, fxRate, ...rest } = fields
  return { ...rest, ...withHome({ ...(currency ? { currency, fxRate: fxRate ?? null } : {}) }, home) }
}

/** A new recurring payment; its first due day is also its next due day. `home`: the home currency. */
export function addRecurringPayment(fields: RecurringFields, home: string): Promise<RecurringDoc> {
  return insertDocument('recurring_payments', { ...stored(fields, home), nextDueDate: fields.dueDate })
}

/**
 * Saves an edit. A changed due day restarts the schedule from it (it becomes the anchor and the
 * next due day); otherwise the next due day is kept.
 */
export async function updateRecurringPayment(
  id: string,
  fields: RecurringFields,
  shownDueDate: string,
  home: string,
): Promise<void> {
  const ok = await patchDocument('recurring_payments', id, (current) => {
    const rescheduled = fields.dueDate !== shownDueDate
    return {
      ...stored(fields, home),
      dueDate: rescheduled ? fields.dueDate : current.dueDate,
      nextDueDate: rescheduled ? fields.dueDate : current.nextDueDate,
    }
  })
  if (!ok) throw new Error(`Recurring payment ${id} not found`)
}

export function deleteRecurringPayment(id: string): Promise<void> {
  return removeDocument('recurring_payments', id)
}

/**
 * Mark Paid (schema/calc/mark-paid.ts): books the instalment due on the stored next due day, then
 * moves that day on by one period. RxDB has no transaction across collections, so the two writes
 * are made safe instead: the expense's id comes from the payment and the due day it pays, and the
 * schedule moves only after it is written and only from that due day. A crash between the writes
 * leaves the expense booked and the instalment still due; pressing Mark Paid again (or another
 * device doing it) finds the same expense and only moves the schedule, so money is never lost or
 * booked twice. `rate`: the rate the user gave for this payment (default: the payment's). Returns
 * the new next due day and the expense.
 */
export async function markRecurringPaid(
  payment: RecurringDoc,
  now = Date.now(),
  rate?: PaidRate,
): Promise<{ nextDueDate: string; transaction: TransactionDoc }> {
  const stored = await userData().db.recurring_payments.findOne(payment.id).exec()
  if (!stored) throw new Error(`Recurring payment ${payment.id} not found`)
  const current = stored.toJSON() as RecurringDoc
  const paidDue = current.nextDueDate
  const paid = markPaid(current, now, rate)
  const transaction = await bookOnce(markPaidEntryId(current.id, paidDue), paid.expense)
  let { nextDueDate } = paid.schedule
  const ok = await patchDocument('recurring_payments', current.id, (latest) => {
    // Already moved on (by another device, or a tab that got here first): this instalment is paid.
    if (latest.nextDueDate !== paidDue) {
      nextDueDate = latest.nextDueDate
      return {}
    }
    return markPaid(latest, now).schedule
  })
  if (!ok) throw new Error(`Recurring payment ${payment.id} not found`)
  return { nextDueDate, transaction }
}

/** The expense with this id: the one already booked (a retry), else a new one. */
async function bookOnce(id: string, expense: TransactionContent): Promise<TransactionDoc> {
  const { db } = userData()
  const existing = await db.transactions.findOne(id).exec()
  if (existing) return existing.toJSON()
  try {
    const stamp = { id, ownerId: userData().userId, updatedAt: Date.now() }
    return await insertDocument('transactions', newTransaction(expense, stamp))
  } catch (error) {
    // Another tab (or a pull) wrote the same instalment between the read and the insert.
    const written = await db.transactions.findOne(id).exec()
    if (written) return written.toJSON()
    throw error
  }
}
