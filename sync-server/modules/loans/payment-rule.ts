import { loanFigures, paymentLimits, paymentRefusal } from '../../../schema/calc/loan-figures'
import { LoanPayment } from '../../../schema/entities/loan'
import type { DocumentsRepository, PushRule } from '../../db/documents'

/**
 * Judges a pushed loan payment against what its loan owes on the server, from the other payments
 * the server already counts. Devices check a payment against their own view; two that pay offline
 * can each fit alone and together be more than is owed. The one that arrives second is then kept
 * but marked `refused` and counts for nothing, so it is never silently lost: the user sees it and
 * edits or deletes it, and the edit is judged again. Every push is judged afresh (a device's own
 * `refused` is ignored). A payment whose loan the server does not hold yet (the loan's push has not
 * arrived) cannot be judged and counts.
 */
export function loanPaymentRule(documents: DocumentsRepository): PushRule {
  return async (incoming, { ownerId }) => {
    const payment = LoanPayment.parse({ ...incoming, refused: null })
    const loan = await documents.getOwned('loans', ownerId, payment.loanId)
    if (!loan || loan.deleted) return payment
    const others = (await documents.listByOwnerWhere('loan_payments', ownerId, 'loanId', payment.loanId))
      .map((d) => d.data)
      .filter((p) => p.id !== payment.id)
    const { balance } = loanFigures(loan.data, others)
    return { ...payment, refused: paymentRefusal(payment, paymentLimits(loan.data, balance)) }
  }
}
