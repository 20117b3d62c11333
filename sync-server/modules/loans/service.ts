import { randomUUID } from 'node:crypto'
import { loanFigures, paymentLimits, proposeSplit } from '../../../schema/calc/loan-figures'
import type { Loan, LoanPayment } from '../../../schema/entities/loan'
import { entryCurrency } from '../../../schema/money/currency'
import { formatMoney, toPaise, type Paise } from '../../../schema/money/money'
import { fromDayString, toDayString } from '../../../schema/time'
import {
  checkLoan,
  checkPayment,
  loanToInput,
  paymentToInput,
  type LoanInput,
  type PaymentInput,
} from '../../../schema/validation/loan-input'
import type { DocumentsRepository } from '../../db/documents'
import { homeOf, restCurrency, storedCurrency, type RestCurrency } from '../plan/rest-currency'
import { HttpError } from '../../http-error'

const invalid = (message: string) => new HttpError(400, message, 'VALIDATION_ERROR')

/** Strictly newer than what the devices hold, so last-writer-wins keeps a REST edit. */
const stamp = (now: number, previous = 0) => Math.max(now, previous + 1)

/**
 * Loans over REST on the replicated `loans` and `loan_payments` rows, so every write reaches the
 * owner's devices by pull and stream. Balance, total paid and last payment are derived from the
 * payments (as on the client), never kept as a counter two writers could overwrite.
 */
export class LoansService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly now: () => number,
  ) {}

  private today(): string {
    return toDayString(this.now())
  }

  /** The owner's live loan, else 404 (someone else's id answers the same as an unknown one). */
  async find(ownerId: string, id: string): Promise<Loan> {
    const found = await this.documents.getOwned('loans', ownerId, id)
    if (!found || found.deleted) throw new HttpError(404, 'Loan not found', 'NOT_FOUND')
    return found.data
  }

  /** The loan's live payments, newest first. */
  async payments(ownerId: string, loanId: string): Promise<LoanPayment[]> {
    return (await this.documents.listByOwnerWhere('loan_payments', ownerId, 'loanId', loanId))
      .map((d) => d.data)
      .sort((a, b) => b.date - a.date || b.updatedAt - a.updatedAt)
  }

  /** One of the loan's live payments, else 404. */
  async findPayment(ownerId: string, loan: Loan, paymentId: string): Promise<LoanPayment> {
    const found = await this.documents.getOwned('loan_payments', ownerId, paymentId)
    if (!found || found.deleted || found.data.loanId !== loan.id)
      throw new HttpError(404, 'Payment not found', 'NOT_FOUND')
    return found.data
  }

  /** Active loans (not closed, something still owed), oldest first. */
  async active(ownerId: string): Promise<{ loan: Loan; payments: LoanPayment[] }[]> {
    const all = (await this.documents.listByOwner('loan_payments', ownerId)).map((d) => d.data)
    return (await this.documents.listByOwner('loans', ownerId))
      .map((d) => d.data)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((loan) => ({ loan, payments: all.filter((p) => p.loanId === loan.id) }))
      .filter(({ loan, payments }) => !loan.closed && loanFigures(loan, payments).balance > 0)
  }

  /**
   * A create (no `existing`) or an update where absent fields keep their value. A
   * `current_balance` sent by the client (the wizard computes it) is kept; otherwise it is
   * computed by the same rule.
   */
  async save(
    ownerId: string,
    body: { input: LoanInput; currentBalance: unknown; currency: RestCurrency },
    existing?: Loan,
  ): Promise<Loan> {
    const { input, currentBalance } = body
    const { rateHome, ...currency } = restCurrency(
      body.currency,
      existing,
      (await homeOf(this.documents, ownerId)).currency,
    )
    const kept = existing ? (({ currency: _c, fxRate: _r, ...text }) => text)(loanToInput(existing)) : {}
    const merged = { ...kept, ...input, ...currency }
    const checked = checkLoan(merged, this.today(), existing ?? {})
    if (!checked.ok) throw invalid(checked.error)
    let balance = checked.value.currentBalance
    if (currentBalance !== undefined && currentBalance !== null && currentBalance !== '') {
      const sent = toPaise(currentBalance as string | number)
      if (sent === null || sent < 0) throw invalid('Current balance must be a number, 0 or more')
      balance = sent
    }
    const t = this.now()
    const regular = existing
      ? (await this.payments(ownerId, existing.id)).filter((p) => p.type === 'regular').length
      : 0
    const { currency: _currency, fxRate: _fxRate, ...fields } = checked.value
    const loan: Loan = {
      id: existing?.id ?? randomUUID(),
      ownerId,
      updatedAt: stamp(t, existing?.updatedAt),
      ...fields,
      ...storedCurrency(checked.value, rateHome),
      currentBalance: balance,
      // A due day given anew counts from the payments already made.
      duePaymentsCounted:
        existing && existing.nextDueDate === checked.value.nextDueDate ? existing.duePaymentsCounted : regular,
      closed: existing?.closed ?? false,
      createdAt: existing?.createdAt ?? t,
    }
    return (await this.documents.write(async (unit) => unit.put('loans', ownerId, loan))).data
  }

  /** Amounts in refusals in the loan's currency (else the owner's), with paise: the caps are in it. */
  private async formatFor(ownerId: string, loan: Loan): Promise<(paise: Paise) => string> {
    const profile = await this.documents.getOwned('profile', ownerId, ownerId)
    const home = profile && !profile.deleted ? profile.data : undefined
    const currency = home ? entryCurrency(loan, home) : loan.currency
    return (paise) => formatMoney(paise, currency, { exact: true })
  }

  /**
   * Checks a payment against what the loan owes without it (every other counted payment) and
   * gives the document to write; `existing` is the payment an edit replaces.
   */
  private async checked(
    ownerId: string,
    loan: Loan,
    input: PaymentInput,
    existing?: LoanPayment,
  ): Promise<LoanPayment> {
    const today = this.today()
    const others = (await this.payments(ownerId, loan.id)).filter((p) => p.id !== existing?.id)
    const { balance } = loanFigures(loan, others)
    const split = (amount: Paise) => proposeSplit(loan, balance, amount)
    const limits = paymentLimits(loan, balance)
    const checked = checkPayment(input, today, split, { limits, format: await this.formatFor(ownerId, loan) })
    if (!checked.ok) throw invalid(checked.error)
    const { day, ...fields } = checked.value
    const t = this.now()
    // Today's payment keeps the time; an earlier day is dated at its noon; an edit keeps its own time.
    let date = day === today ? t : fromDayString(day) + 12 * 3_600_000
    if (existing && toDayString(existing.date) === day) date = existing.date
    return {
      id: existing?.id ?? randomUUID(),
      ownerId,
      updatedAt: stamp(t, existing?.updatedAt),
      loanId: loan.id,
      ...fields,
      date,
      refused: null,
    }
  }

  /**
   * Records a payment (the parts proposed from the schedule when only the amount is given), no more
   * than the loan owes. The payment is the one row written: the loan's figures follow from it.
   */
  async pay(ownerId: string, loan: Loan, input: PaymentInput): Promise<LoanPayment> {
    return (
      await this.documents.write(async (unit) =>
        unit.put('loan_payments', ownerId, await this.checked(ownerId, loan, input)),
      )
    ).data
  }

  /**
   * Changes a payment; absent fields keep their value, and a new amount without its parts gets
   * them proposed again. Checked like a new payment against the balance without this one.
   */
  async editPayment(ownerId: string, loan: Loan, existing: LoanPayment, input: PaymentInput): Promise<LoanPayment> {
    const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as PaymentInput
    const kept = paymentToInput(existing)
    const reSplit = given.amount !== undefined && given.principal === undefined && given.interest === undefined
    const merged = { ...kept, ...(reSplit ? { principal: undefined, interest: undefined } : {}), ...given }
    return (
      await this.documents.write(async (unit) =>
        unit.put('loan_payments', ownerId, await this.checked(ownerId, loan, merged, existing)),
      )
    ).data
  }

  /** Deletes one payment (a tombstone, so devices drop it too); the loan's figures follow. */
  async removePayment(ownerId: string, payment: LoanPayment): Promise<void> {
    const doc = { ...payment, updatedAt: stamp(this.now(), payment.updatedAt) }
    await this.documents.write(async (unit) => unit.put('loan_payments', ownerId, doc, true))
  }

  /** Deletes the loan and its payments in one transaction (tombstones, so devices drop them too). */
  async remove(ownerId: string, loan: Loan): Promise<void> {
    const t = this.now()
    const payments = await this.payments(ownerId, loan.id)
    await this.documents.write(async (unit) => {
      for (const p of payments)
        await unit.put('loan_payments', ownerId, { ...p, updatedAt: stamp(t, p.updatedAt) }, true)
      await unit.put('loans', ownerId, { ...loan, updatedAt: stamp(t, loan.updatedAt) }, true)
    })
  }
}
