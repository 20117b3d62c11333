import type { ReactNode } from 'react'
import type { LoanFields } from '../../../schema/validation/loan-input'
import { Amount } from '../../components/ui/amount'
import { useHomeCurrency } from '../../data/hooks'
import {
  FREQUENCY_LABEL,
  formatDay,
  formatMonths,
  formatRate,
  INTEREST_TYPE_LABEL,
  loanTitle,
  loanTypeInfo,
} from './loan-types'

/** For a loan in another currency than `home`: that currency and its rate, or that it has none. */
function currencyRows({ currency, fxRate }: LoanFields, home: string): [string, string][] {
  if (!currency || currency === home) return []
  const rate =
    fxRate == null ? `None: not converted, left out of your ${home} totals` : `${fxRate} ${home} for 1 ${currency}`
  return [
    ['Currency', currency],
    ['Rate', rate],
  ]
}

/** The wizard's last step: everything that will be saved, with the computed current balance. */
export function LoanReview({ fields }: { fields: LoanFields }) {
  const { currency: home } = useHomeCurrency()
  const rows: [string, ReactNode][] = [
    ['Loan', `${loanTitle(fields)} (${loanTypeInfo(fields.type).name})`],
    ['Status', fields.status === 'new' ? 'New loan' : 'Existing loan'],
    ['Start date', formatDay(fields.startDate)],
    ['Amount', <Amount key="p" value={fields.principal} exact />],
    ...currencyRows(fields, home),
    ['Interest', `${formatRate(fields.interestRateBps)} · ${INTEREST_TYPE_LABEL[fields.interestType]}`],
    [
      'Duration',
      fields.payoffDate
        ? `${formatMonths(fields.durationMonths)} (until ${formatDay(fields.payoffDate)})`
        : formatMonths(fields.durationMonths),
    ],
    [
      'EMI',
      <span key="e">
        <Amount value={fields.emi} exact /> {FREQUENCY_LABEL[fields.frequency].toLowerCase()}
      </span>,
    ],
    ['Current balance', <Amount key="b" value={fields.currentBalance} exact />],
  ]
  if (fields.status === 'existing') {
    rows.push(['Paid so far', <Amount key="s" value={fields.paidBefore} exact />])
    rows.push(['Missed payments', String(fields.missedPayments)])
  }
  if (fields.nextDueDate) rows.push(['Next due', formatDay(fields.nextDueDate)])
  if (fields.lender) rows.push(['Lender', fields.lender])
  if (fields.collateral) rows.push(['Collateral', fields.collateral])
  rows.push(['Early settlement', fields.allowsEarlySettlement ? 'Allowed' : 'Not allowed'])
  return (
    <dl className="review-list" data-testid="loan-review">
      {rows.map(([term, value]) => (
        <div key={term} className="review-list__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
