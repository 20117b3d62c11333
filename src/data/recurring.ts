import { map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { markPaid } from '../../schema/calc/mark-paid'
import { reminderHorizon } from '../../schema/calc/recurring-schedule'
import type { RecurringFields } from '../../schema/validation/plan-input'
import { userData } from './database'
import { addTransaction, type TransactionDoc } from './transactions'
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

/** A new recurring payment; its first due day is also its next due day. */
export function addRecurringPayment(fields: RecurringFields): Promise<RecurringDoc> {
  return insertDocument('recurring_payments', { ...fields, nextDueDate: fields.dueDate })
}

/**
 * Saves an edit. A changed due day restarts the schedule from it (it becomes the anchor and the
 * next due day); otherwise the next due day is kept.
 */
export async function updateRecurringPayment(id: string, fields: RecurringFields, shownDueDate: string): Promise<void> {
  const ok = await patchDocument('recurring_payments', id, (current) => {
    const rescheduled = fields.dueDate !== shownDueDate
    return {
      ...fields,
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
 * Mark Paid (schema/calc/mark-paid.ts): records the expense now and moves the next due day on by
 * one period from the stored one. Returns the new next due day and the expense.
 */
export async function markRecurringPaid(
  payment: RecurringDoc,
  now = Date.now(),
): Promise<{ nextDueDate: string; transaction: TransactionDoc }> {
  const paid = markPaid(payment, now)
  const transaction = await addTransaction(paid.expense)
  let { nextDueDate } = paid.schedule
  const ok = await patchDocument('recurring_payments', payment.id, (current) => {
    const schedule = markPaid(current, now).schedule
    nextDueDate = schedule.nextDueDate
    return schedule
  })
  if (!ok) throw new Error(`Recurring payment ${payment.id} not found`)
  return { nextDueDate, transaction }
}
