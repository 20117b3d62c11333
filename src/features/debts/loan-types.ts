import {
  Car,
  CircleEllipsis,
  CreditCard,
  Gem,
  GraduationCap,
  HeartHandshake,
  Home,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type {
  InterestType,
  LoanFrequency,
  LoanType,
  PAYMENT_METHODS,
  PAYMENT_TYPES,
} from '../../../schema/entities/loan'

export interface LoanTypeInfo {
  type: LoanType
  name: string
  description: string
  icon: LucideIcon
}

/** The nine loan types of the wizard's first step (spec part 2 §2), each with an icon, a name and a description. */
export const LOAN_TYPE_INFO: readonly LoanTypeInfo[] = [
  { type: 'jewel', name: 'Jewel Loan', description: 'Gold or jewellery pledged with a bank or lender', icon: Gem },
  { type: 'personal', name: 'Personal Loan', description: 'Unsecured loan from a bank or app', icon: UserRound },
  { type: 'home', name: 'Home Loan', description: 'Housing loan for a flat, house or plot', icon: Home },
  { type: 'car', name: 'Vehicle Loan', description: 'Car, bike or scooter on EMI', icon: Car },
  { type: 'credit_card', name: 'Credit Card', description: 'Card dues or a card EMI', icon: CreditCard },
  {
    type: 'education',
    name: 'Education Loan',
    description: 'Fees for school, college or courses',
    icon: GraduationCap,
  },
  { type: 'friend', name: 'From a Friend', description: 'Money borrowed from a friend', icon: Users },
  { type: 'family', name: 'From Family', description: 'Money borrowed from relatives', icon: HeartHandshake },
  { type: 'other', name: 'Other Debt', description: 'Anything else you owe', icon: CircleEllipsis },
]

export function loanTypeInfo(type: LoanType): LoanTypeInfo {
  return LOAN_TYPE_INFO.find((t) => t.type === type) ?? LOAN_TYPE_INFO[LOAN_TYPE_INFO.length - 1]!
}

/** The loan's name, or its type's when it has none (the name is optional). */
export const loanTitle = (loan: { name: string; type: LoanType }): string => loan.name || loanTypeInfo(loan.type).name

export const INTEREST_TYPE_LABEL: Record<InterestType, string> = {
  emi: 'Reducing balance (EMI)',
  simple: 'Simple (flat)',
  compound: 'Compound, paid at the end',
  none: 'No interest',
}

export const FREQUENCY_LABEL: Record<LoanFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
}

export const PAYMENT_TYPE_LABEL: Record<(typeof PAYMENT_TYPES)[number], string> = {
  regular: 'Regular EMI',
  extra: 'Extra (prepayment)',
  full: 'Full settlement',
}

export const PAYMENT_METHOD_LABEL: Record<(typeof PAYMENT_METHODS)[number], string> = {
  upi: 'UPI',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card: 'Card',
  auto_debit: 'Auto-debit',
  other: 'Other',
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })

/** '5 Mar 2026' for a 'YYYY-MM-DD' day. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return dayFormat.format(new Date(y, m - 1, d))
}

/** '8.5%' from basis points. */
export const formatRate = (bps: number): string =>
  `${(bps / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}%`

/** '2 yr 3 mo', '11 mo'. */
export function formatMonths(months: number): string {
  const years = Math.floor(months / 12)
  const rest = months % 12
  if (years === 0) return `${rest} mo`
  return rest === 0 ? `${years} yr` : `${years} yr ${rest} mo`
}
