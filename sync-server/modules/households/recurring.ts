import { randomUUID } from 'node:crypto'
import { occurrenceId, occurrencesBetween } from '../../../schema/calc/household-recurring'
import { householdCurrencyOf } from '../../../schema/calc/household-money'
import { zonedDayString, zonedTime } from '../../../schema/calc/zoned-time'
import { entryCurrency, moneyEntryOf } from '../../../schema/money/currency'
import {
  MAX_RECURRING_PER_HOUSEHOLD,
  type Household,
  type HouseholdExpense,
  type RecurringHouseholdExpense,
} from '../../../schema/entities/household'
import { HOUSEHOLD_MESSAGES } from '../../../schema/validation/household-input'
import type { DocumentUnit, StoredDocument } from '../../db/documents'
import { HttpError } from '../../http-error'
import { acceptNewExpense } from './rules'
import type { HouseholdService } from './service'

/** What a member sets on a recurring expense; the server owns its id, creator and progress. */
export type RecurringDraft = Omit<RecurringHouseholdExpense, 'id' | 'createdBy' | 'addedThrough' | 'updatedAt'>

/** The household's rules; a document stored before they existed has none. */
function rulesOf(household: Household): RecurringHouseholdExpense[] {
  return (household as Partial<Household>).recurring ?? []
}

/**
 * Recurring household expenses (rent, the cook, internet): any member adds, edits or stops one
 * over REST; the rules live on the household document, so every member's devices get them by
 * sync. The job's pass (`addDue`) adds each occurrence as a normal pending expense on its day, in
 * the server's report time zone, under an id made of the rule and the day and only when that id
 * is absent, in one transaction with the rule's progress: re-runs, restarts, several instances and
 * catch-up after downtime never add one twice.
 */
export class HouseholdRecurring {
  constructor(
    private readonly households: HouseholdService,
    private readonly timeZone: string,
  ) {}

  async add(userId: string, householdId: string, draft: RecurringDraft): Promise<RecurringHouseholdExpense> {
    const id = randomUUID()
    const next = await this.change(userId, householdId, (rules, household) => {
      if (rules.length >= MAX_RECURRING_PER_HOUSEHOLD)
        throw new HttpError(400, HOUSEHOLD_MESSAGES.tooManyRecurring, 'VALIDATION_ERROR')
      const rule = { ...checked(draft, userId, household, this.households.now), id, createdBy: userId }
      return [...rules, { ...rule, addedThrough: '' }]
    })
    return next.find((r) => r.id === id)!
  }

  /** Changes what the occurrences not yet added will be; those already added stay as they are. */
  async update(
    userId: string,
    householdId: string,
    ruleId: string,
    draft: RecurringDraft,
  ): Promise<RecurringHouseholdExpense> {
    const next = await this.change(userId, householdId, (rules, household) => {
      const old = rules.find((r) => r.id === ruleId)
      if (!old) throw new HttpError(404, HOUSEHOLD_MESSAGES.recurringNotFound, 'NOT_FOUND')
      const now = Math.max(this.households.now, old.updatedAt + 1)
      // The draft names its currency and rate afresh: a rate's home is not carried over from the old one.
      const rule = { ...old, fxHome: undefined, ...checked(draft, userId, household, now) }
      return rules.map((r) => (r.id === ruleId ? rule : r))
    })
    return next.find((r) => r.id === ruleId)!
  }

  /** Stops a rule: no more occurrences; the ones already added stay in the ledger. */
  async stop(userId: string, householdId: string, ruleId: string): Promise<void> {
    await this.change(userId, householdId, (rules) => {
      if (!rules.some((r) => r.id === ruleId))
        throw new HttpError(404, HOUSEHOLD_MESSAGES.recurringNotFound, 'NOT_FOUND')
      return rules.filter((r) => r.id !== ruleId)
    })
  }

  private async change(
    userId: string,
    householdId: string,
    edit: (rules: RecurringHouseholdExpense[], household: Household) => RecurringHouseholdExpense[],
  ): Promise<RecurringHouseholdExpense[]> {
    await this.households.access(householdId, userId)
    const stored = await this.households.deps.documents.write(async (unit) => {
      const current = (await unit.get('households', householdId))!
      const household = current.data as Household
      const recurring = edit(rulesOf(household), household)
      return writeHousehold(unit, current, { ...household, recurring }, this.households.now)
    })
    return rulesOf(stored.data as Household)
  }

  /** The job's pass: adds every occurrence due by today; returns how many it added. */
  async addDue(renew: () => Promise<unknown> = () => Promise.resolve()): Promise<number> {
    const today = zonedDayString(this.households.now, this.timeZone)
    let added = 0
    for (const id of await this.households.householdDocs.withRecurringRules()) {
      added += await this.addDueIn(id, today)
      await renew()
    }
    return added
  }

  private addDueIn(householdId: string, today: string): Promise<number> {
    const now = this.households.now
    return this.households.deps.documents.write(async (unit) => {
      const current = await unit.get('households', householdId)
      if (!current || current.deleted) return 0
      const household = current.data as Household
      let added = 0
      let moved = false
      const recurring: typeof household.recurring = []
      for (const rule of rulesOf(household)) {
        const days = occurrencesBetween(rule, rule.addedThrough, today)
        let through = rule.addedThrough
        for (const day of days) {
          const id = occurrenceId(rule.id, day)
          if (!(await unit.get('household_expenses', id))) {
            const doc = this.occurrence(rule, household, id, day, now)
            // Refused (its payer or someone in its split left): tried again next round.
            if (!doc) break
            await unit.putAllowed('household_expenses', doc.ownerId, doc)
            added++
          }
          through = day
        }
        if (through === rule.addedThrough) {
          recurring.push(rule)
          continue
        }
        moved = true
        recurring.push({ ...rule, addedThrough: through })
      }
      if (!moved) return 0
      await writeHousehold(unit, current, { ...household, recurring }, now)
      return added
    })
  }

  /** The occurrence as a new expense entered by the rule's creator (its payer once the creator has left). */
  private occurrence(
    rule: RecurringHouseholdExpense,
    household: Household,
    id: string,
    day: string,
    now: number,
  ): HouseholdExpense | null {
    const owner = household.memberIds.includes(rule.createdBy) ? rule.createdBy : rule.paidBy
    const [y, m, d] = day.split('-').map(Number) as [number, number, number]
    try {
      return acceptNewExpense(
        {
          id,
          ownerId: owner,
          householdId: household.id,
          amount: rule.amount,
          description: rule.description,
          category: rule.category,
          // Midday of its day, so a device a few hours either side of the server's zone shows that day too.
          date: zonedTime(this.timeZone, y, m - 1, d, 12),
          paidBy: rule.paidBy,
          splitMethod: rule.splitMethod,
          splits: rule.splits,
          ...occurrenceMoney(rule, household),
          reviews: [],
          status: 'pending',
          deadline: 0,
          createdAt: 0,
          updatedAt: now,
        },
        { callerId: owner, household, now },
      )
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) return null
      throw error
    }
  }
}

/**
 * The currency an occurrence is booked in: the rule's, with its rate. A rule stored before rules
 * had one was made in the currency the household's entries without one are in (its legacy
 * currency once the household currency changed), and the occurrence names it.
 */
function occurrenceMoney(rule: RecurringHouseholdExpense, household: Household) {
  const hc = householdCurrencyOf(household)
  const currency = entryCurrency(rule, hc)
  const rate = currency === hc.currency ? null : moneyEntryOf(rule, hc).rate
  return rate === null ? { currency, fxRate: null } : { currency, fxRate: rate, fxHome: hc.currency }
}

/** The draft as stored: checked by the same rules as an expense (members, split adding up). */
function checked(
  draft: RecurringDraft,
  userId: string,
  household: Household,
  now: number,
): Omit<RecurringHouseholdExpense, 'id' | 'createdBy' | 'addedThrough'> {
  const probe = acceptNewExpense(
    {
      ...draft,
      id: 'probe',
      ownerId: userId,
      householdId: household.id,
      date: now,
      reviews: [],
      status: 'pending',
      deadline: 0,
      createdAt: 0,
      updatedAt: now,
    },
    { callerId: userId, household, now },
  )
  return { ...draft, splits: probe.splits, updatedAt: now }
}

function writeHousehold(unit: DocumentUnit, current: StoredDocument, next: Household, now: number) {
  const updatedAt = Math.max(now, (current.data as Household).updatedAt + 1)
  // Under its stored owner: the creator, or the custodian once the creator's account is gone.
  return unit.putAllowed('households', current.ownerId, { ...next, updatedAt })
}
