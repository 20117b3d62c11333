import { withHome } from '../../schema/validation/currency-input'
import { map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import type { LoanFields, PaymentFields } from '../../schema/validation/loan-input'
import { fromDayString, toDayString } from '../../schema/time'
import { afterOpen$, collectionOf } from './collections'
import { plainDoc, plainDocs } from './plain'
import { insertDocument, patchDocument, removeDocument } from './writes'

export type LoanDoc = DocOf<'loans'>
export type LoanPaymentDoc = DocOf<'loan_payments'>

/** Every loan, oldest first; served by the `createdAt` index. */
export function loans$(): Observable<LoanDoc[]> {
  return afterOpen$((db) =>
    db.loans
      .find({ selector: { createdAt: { $gte: 0 } }, sort: [{ createdAt: 'asc' }] })
      .$.pipe(map((docs) => plainDocs<LoanDoc>(docs))),
  )
}

export function loan$(id: string): Observable<LoanDoc | null> {
  return afterOpen$((db) => db.loans.findOne(id).$.pipe(map((doc) => plainDoc<LoanDoc>(doc))))
}

/** One loan's payments, oldest first; served by the `[loanId, date]` index. */
export function loanPayments$(loanId: string): Observable<LoanPaymentDoc[]> {
  return afterOpen$((db) =>
    db.loan_payments
      .find({ selector: { loanId }, sort: [{ loanId: 'asc' }, { date: 'asc' }] })
      .$.pipe(map((docs) => plainDocs<LoanPaymentDoc>(docs))),
  )
}

/** Every loan payment (the list and planner derive each loan's balance from them). */
export function allLoanPayments$(): Observable<LoanPaymentDoc[]> {
  return afterOpen$((db) =>
    db.loan_payments
      .find({ selector: { loanId: { $gte: '' } }, sort: [{ loanId: 'asc' }, { date: 'asc' }] })
      .$.pipe(map((docs) => plainDocs<LoanPaymentDoc>(docs))),
  )
}

/** The loan's currency fields to store: the home one unless chosen; a rate with the home it converts to. */
function loanCurrency(fields: LoanFields, home: string): LoanFields {
  const { currency, fxRate, fxHome: _kept, ...rest } = fields
  return { ...rest, ...withHome({ currency: currency ?? home, fxRate: fxRate ?? null }, home) }
}

export function addLoan(fields: LoanFields, home: string, now = Date.now()): Promise<LoanDoc> {
  return insertDocument('loans', {
    ...loanCurrency(fields, home),
    duePaymentsCounted: 0,
    closed: false,
    createdAt: now,
  })
}

/**
 * Saves an edit. A due day given anew counts from now: the regular payments already recorded
 * (`regularPayments`) no longer move it.
 */
export async function updateLoan(id: string, fields: LoanFields, regularPayments: number, home: string): Promise<void> {
  const ok = await patchDocument('loans', id, (current) => ({
    ...loanCurrency(fields, home),
    duePaymentsCounted: current.nextDueDate === fields.nextDueDate ? current.duePaymentsCounted : regularPayments,
  }))
  if (!ok) throw new Error(`Loan ${id} not found`)
}

/** Deletes the loan and its payments (tombstones, so other devices drop them too). */
export async function deleteLoan(id: string): Promise<void> {
  const payments = await (await collectionOf('loan_payments')).find({ selector: { loanId: id } }).exec()
  for (const p of payments) await removeDocument('loan_payments', p.id)
  await removeDocument('loans', id)
}

/** Today's payment keeps the time of day; an earlier day is dated at its noon. */
const paymentDate = (day: string, now: number) => (day === toDayString(now) ? now : fromDayString(day) + 12 * 3_600_000)

/**
 * Records a payment: one new document and nothing else, so two devices paying offline both
 * count once synced (the loan's balance is derived from its payments).
 */
export function recordLoanPayment(loanId: string, fields: PaymentFields, now = Date.now()): Promise<LoanPaymentDoc> {
  const { day, ...rest } = fields
  return insertDocument('loan_payments', { ...rest, loanId, date: paymentDate(day, now) })
}

/**
 * Corrects a payment. It counts again at once on this device (`refused` cleared); the server judges
 * it anew when it arrives. A payment kept on its day keeps its time.
 */
export async function updateLoanPayment(id: string, fields: PaymentFields, now = Date.now()): Promise<void> {
  const { day, ...rest } = fields
  const ok = await patchDocument('loan_payments', id, (current) => ({
    ...rest,
    date: toDayString(current.date) === day ? current.date : paymentDate(day, now),
    refused: null,
  }))
  if (!ok) throw new Error(`Payment ${id} not found`)
}

/** Takes a payment back (a tombstone, so other devices drop it too); the loan's figures follow. */
export function deleteLoanPayment(id: string): Promise<void> {
  return removeDocument('loan_payments', id)
}
