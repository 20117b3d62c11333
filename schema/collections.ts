import type { z } from 'zod'
import { Budget } from './entities/budget'
import { BusinessEntry } from './entities/business'
import { Household, HouseholdExpense, Settlement } from './entities/household'
import { Loan, LoanPayment } from './entities/loan'
import { Profile } from './entities/profile'
import { RecurringPayment } from './entities/recurring'
import { Ticket } from './entities/ticket'
import { Transaction } from './entities/transaction'

/**
 * Every collection of the product (DESIGN §3): eleven, under open-source RxDB's limit of 13 open
 * collections per page. `scope` says who may read a row on the server:
 * personal = its owner; household = the household's members; admin = admins only.
 */
export const COLLECTIONS = {
  transactions: {
    entity: Transaction,
    scope: 'personal',
    indexes: [['date'], ['dateDesc'], ['type', 'date'], ['type', 'dateDesc'], ['updatedAt']],
  },
  budgets: { entity: Budget, scope: 'personal', indexes: [['createdAt'], ['updatedAt']] },
  recurring_payments: { entity: RecurringPayment, scope: 'personal', indexes: [['nextDueDate'], ['updatedAt']] },
  loans: { entity: Loan, scope: 'personal', indexes: [['createdAt'], ['updatedAt']] },
  loan_payments: { entity: LoanPayment, scope: 'personal', indexes: [['loanId', 'date'], ['updatedAt']] },
  households: { entity: Household, scope: 'household', indexes: [['updatedAt']] },
  household_expenses: {
    entity: HouseholdExpense,
    scope: 'household',
    indexes: [['householdId', 'date'], ['updatedAt']],
  },
  settlements: { entity: Settlement, scope: 'household', indexes: [['householdId', 'date'], ['updatedAt']] },
  tickets: { entity: Ticket, scope: 'personal', indexes: [['createdAt'], ['updatedAt']] },
  profile: { entity: Profile, scope: 'personal', indexes: [['updatedAt']] },
  business_entries: { entity: BusinessEntry, scope: 'admin', indexes: [['date'], ['updatedAt']] },
} as const satisfies Record<
  string,
  { entity: z.ZodType; scope: 'personal' | 'household' | 'admin'; indexes: readonly (readonly string[])[] }
>

export type CollectionName = keyof typeof COLLECTIONS
export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[]

/** The collections replicated by owner; household ones follow with households. */
export const PERSONAL_COLLECTIONS = COLLECTION_NAMES.filter((n) => COLLECTIONS[n].scope === 'personal')

/** Replicated to admins only, shared by all of them (business_entries). */
export const ADMIN_COLLECTIONS = COLLECTION_NAMES.filter((n) => COLLECTIONS[n].scope === 'admin')
/** The collections replicated by household membership (households, household_expenses, settlements). */
export const HOUSEHOLD_SCOPED_COLLECTIONS = COLLECTION_NAMES.filter((n) => COLLECTIONS[n].scope === 'household')

/** What the home screen reads; a device opens and first downloads these before the others. */
export const FIRST_SCREEN_COLLECTIONS = ['transactions', 'profile', 'budgets', 'recurring_payments'] as const
export type FirstScreenCollection = (typeof FIRST_SCREEN_COLLECTIONS)[number]
export const readByFirstScreen = (name: CollectionName): name is FirstScreenCollection =>
  (FIRST_SCREEN_COLLECTIONS as readonly string[]).includes(name)

/** Everything a signed-in device replicates. */
export const SYNCED_COLLECTIONS = [...PERSONAL_COLLECTIONS, ...HOUSEHOLD_SCOPED_COLLECTIONS]

export type DocOf<N extends CollectionName> = z.infer<(typeof COLLECTIONS)[N]['entity']>

/**
 * Each collection's entity typed by its name, so generic code keeps the document type
 * (`entityOf(name).parse(x)` is a `DocOf<N>`; indexing COLLECTIONS with a generic name is not).
 */
const ENTITIES: { [N in CollectionName]: z.ZodType<DocOf<N>> } = {
  transactions: Transaction,
  budgets: Budget,
  recurring_payments: RecurringPayment,
  loans: Loan,
  loan_payments: LoanPayment,
  households: Household,
  household_expenses: HouseholdExpense,
  settlements: Settlement,
  tickets: Ticket,
  profile: Profile,
  business_entries: BusinessEntry,
}

export function entityOf<N extends CollectionName>(name: N): z.ZodType<DocOf<N>> {
  return ENTITIES[name]
}
