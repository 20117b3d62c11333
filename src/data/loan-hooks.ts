import { useObservable, type Live } from './hooks'
import { allLoanPayments$, loan$, loanPayments$, loans$, type LoanDoc, type LoanPaymentDoc } from './loans'

const NO_LOANS: LoanDoc[] = []
const NO_PAYMENTS: LoanPaymentDoc[] = []

/** Every loan, oldest first, live. */
export function useLoans(): Live<LoanDoc[]> {
  return useObservable(() => loans$(), NO_LOANS, [])
}

export function useLoan(id: string): Live<LoanDoc | null> {
  return useObservable(() => loan$(id), null, [id])
}

/** One loan's payments, oldest first, live. */
export function useLoanPayments(loanId: string): Live<LoanPaymentDoc[]> {
  return useObservable(() => loanPayments$(loanId), NO_PAYMENTS, [loanId])
}

export function useAllLoanPayments(): Live<LoanPaymentDoc[]> {
  return useObservable(() => allLoanPayments$(), NO_PAYMENTS, [])
}
