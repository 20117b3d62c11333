import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { formatMoney } from '../../schema/money/money'
import {
  checkHouseholdChanges,
  checkHouseholdExpense,
  checkInvite,
  checkNewHousehold,
  checkReason,
  checkRecurringExpense,
  checkRate,
  checkSettlement,
  HOUSEHOLD_MESSAGES,
} from '../../schema/validation/household-input'
import { householdCurrencyOf, settlementInHousehold } from '../../schema/calc/household-money'
import type { Household, HouseholdExpense, Settlement } from '../../schema/entities/household'
import { amountText } from '../../schema/money/currency'
import { accepted, HttpError } from '../http-error'
import {
  dateOf,
  entryMoneyOf,
  expenseView,
  recurringDraftOf,
  recurringView,
  householdSettingsOf,
  householdView,
  memberView,
  reviewView,
  settlementView,
  splitsOf,
} from '../modules/households/rest-shapes'
import { ObjectBody } from './shapes'

const IdParams = z.object({ id: z.string().min(1).max(64) })
const MemberParams = z.object({ id: z.string().min(1).max(64), userId: z.string().min(1).max(64) })
const RuleParams = z.object({ id: z.string().min(1).max(64), ruleId: z.string().min(1).max(64) })
const InvitationParams = z.object({ id: z.string().min(1).max(64), invitationId: z.string().min(1).max(64) })

type App = Parameters<FastifyPluginCallbackZod>[0]

/** Spec part 2 §7 household calls: members only (404 for anyone else), decimal rupees at the boundary. */
export const householdRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  reviewRoutes(app)
  invitationRoutes(app)
  householdCrudRoutes(app)
  expenseRoutes(app)
  settlementRoutes(app)
  recurringRoutes(app)
  done()
}

/** A household as the list and detail show it (role, member count, this month's expenses). */
async function viewOf({ households, householdLedger: ledger }: App, userId: string, id: string) {
  const { household, role } = await households.access(id, userId)
  return householdView(household, role, await ledger.expenses(userId, id), households.now)
}

function householdCrudRoutes(app: App): void {
  const { households } = app
  const view = (userId: string, id: string) => viewOf(app, userId, id)
  app.get('/', async (request) => {
    const views = []
    for (const { household } of await households.list(request.user.id))
      views.push(await view(request.user.id, household.id))
    return { households: views }
  })

  app.post('/', { schema: { body: ObjectBody } }, async (request, reply) => {
    const body = accepted(checkNewHousehold(request.body))
    const created = await households.create(request.user.id, {
      name: body.name,
      description: '',
      icon: body.icon,
      color: body.color,
      monthlyBudget: 0,
      reviewPeriodHours: body.review_period_hours,
      ...householdSettingsOf(body),
    })
    return reply.status(201).send({ household: await view(request.user.id, created.id) })
  })

  app.get('/:id', { schema: { params: IdParams } }, async (request) => {
    const { household, role } = await households.access(request.params.id, request.user.id)
    return {
      household: await view(request.user.id, household.id),
      members: memberView(household),
      your_role: role,
      ...(role === 'admin'
        ? {
            pending_invites: (await households.members.pendingInvites(household.id)).map((i) => ({
              id: i.id,
              email: i.email,
              created_at: new Date(i.createdAt).toISOString(),
            })),
          }
        : {}),
    }
  })

  app.put('/:id', { schema: { params: IdParams, body: ObjectBody } }, async (request) => {
    const changes = householdSettingsOf(accepted(checkHouseholdChanges(request.body)))
    const updated = await households.update(request.user.id, request.params.id, changes)
    return { household: await view(request.user.id, updated.id) }
  })

  app.post('/:id/invite', { schema: { params: IdParams, body: ObjectBody } }, async (request) => {
    await households.invite(request.user.id, request.params.id, accepted(checkInvite(request.body)).email)
    return { success: true, status: 'invited' }
  })

  app.delete('/:id/invitations/:invitationId', { schema: { params: InvitationParams } }, async (request) => {
    await households.cancelInvitation(request.user.id, request.params.id, request.params.invitationId)
    return { success: true }
  })

  app.delete('/:id/members/:userId', { schema: { params: MemberParams } }, async (request) => {
    await households.removeMember(request.user.id, request.params.id, request.params.userId)
    return { success: true }
  })

  app.post('/:id/leave', { schema: { params: IdParams } }, async (request) => {
    await households.leave(request.user.id, request.params.id)
    return { success: true }
  })
}

/** The signed-in user's invitations (by their account e-mail): they join only by accepting one. */
function invitationRoutes(app: App): void {
  const { households } = app
  app.get('/invitations', async (request) => ({
    invitations: (await households.invitations(request.user.id)).map(({ invitation, household, inviter }) => ({
      id: invitation.id,
      household_name: household.name,
      invited_by_name: inviter,
      created_at: new Date(invitation.createdAt).toISOString(),
    })),
  }))

  app.post('/invitations/:id/accept', { schema: { params: IdParams } }, async (request) => {
    const household = await households.accept(request.user.id, request.params.id)
    return { success: true, household_id: household.id }
  })

  app.post('/invitations/:id/decline', { schema: { params: IdParams } }, async (request) => {
    await households.decline(request.user.id, request.params.id)
    return { success: true }
  })
}

function reviewRoutes(app: App): void {
  const ledger = app.householdLedger
  app.get('/reviews/pending', async (request) => ({
    reviews: (await ledger.pendingReviews(request.user.id)).map(({ expense, household }) =>
      reviewView(expense, household),
    ),
  }))

  app.post('/expenses/:id/approve', { schema: { params: IdParams } }, async (request) => {
    const expense = await ledger.review(request.user.id, request.params.id, { status: 'approved' })
    return { success: true, status: expense.status }
  })

  app.post('/expenses/:id/deny', { schema: { params: IdParams, body: ObjectBody } }, async (request) => {
    const { reason } = accepted(checkReason(request.body, HOUSEHOLD_MESSAGES.reasonRequired))
    const expense = await ledger.review(request.user.id, request.params.id, { status: 'denied', reason })
    return { success: true, status: expense.status }
  })
}

function expenseRoutes(app: App): void {
  const { households, householdLedger: ledger } = app
  app.get('/:id/expenses', { schema: { params: IdParams } }, async (request) => {
    const { household } = await households.access(request.params.id, request.user.id)
    return { expenses: (await ledger.expenses(request.user.id, household.id)).map((e) => expenseView(e, household)) }
  })

  app.post('/:id/expenses', { schema: { params: IdParams, body: ObjectBody } }, async (request, reply) => {
    // Refused before the household is looked up, as ever; then read in the household's currency.
    accepted(checkHouseholdExpense(request.body))
    const { household } = await households.access(request.params.id, request.user.id)
    const body = accepted(checkHouseholdExpense(request.body, householdCurrencyOf(household).currency))
    const amount = body.amount
    const date = dateOf(body.date, households.now)
    if (Number.isNaN(date)) throw new HttpError(400, HOUSEHOLD_MESSAGES.dateInvalid, 'VALIDATION_ERROR')
    const { method, parts } = splitsOf(body, household, amount)
    const expense = await ledger.addExpense(request.user.id, {
      householdId: household.id,
      amount,
      category: body.category,
      description: body.description ?? '',
      date,
      paidBy: body.paid_by ?? request.user.id,
      splitMethod: method,
      splits: parts,
      ...entryMoneyOf(body, household),
    })
    return reply.status(201).send({ success: true, expense: expenseView(expense, household) })
  })

  app.put('/expenses/:id/rate', { schema: { params: IdParams, body: ObjectBody } }, async (request) => {
    const rate = accepted(checkRate(request.body))
    const expense = await ledger.setRate(request.user.id, 'household_expenses', request.params.id, rate.fx_rate)
    const { household } = await households.access((expense as HouseholdExpense).householdId, request.user.id)
    return { success: true, expense: expenseView(expense as HouseholdExpense, household) }
  })
}

function settlementRoutes(app: App): void {
  const ledger = app.householdLedger
  // Answered in the payment's own currency with the household figure beside it, as the list shows it.
  const decided = async (userId: string, settlement: Settlement) => {
    const { household } = await app.households.access(settlement.householdId, userId)
    return { success: true, settlement: settlementView(settlement, household) }
  }
  app.post('/settlements/:id/confirm', { schema: { params: IdParams } }, async (request) =>
    decided(request.user.id, await ledger.decide(request.user.id, request.params.id, { status: 'confirmed' })),
  )

  app.post('/settlements/:id/decline', { schema: { params: IdParams, body: ObjectBody } }, async (request) => {
    const { reason } = accepted(checkReason(request.body, HOUSEHOLD_MESSAGES.declineReasonRequired))
    const decision = { status: 'declined' as const, reason }
    return decided(request.user.id, await ledger.decide(request.user.id, request.params.id, decision))
  })

  app.post('/settlements/:id/cancel', { schema: { params: IdParams } }, async (request) =>
    decided(request.user.id, await ledger.decide(request.user.id, request.params.id, { status: 'cancelled' })),
  )

  app.get('/:id/balances', { schema: { params: IdParams } }, async (request) => {
    const { household, balances, plan, notConverted } = await ledger.balances(request.user.id, request.params.id)
    const { currency } = householdCurrencyOf(household)
    const nameOf = (id: string) => household.members.find((m) => m.userId === id)?.name ?? 'Former member'
    const decimal = (units: number) => Number(amountText(units, currency))
    return {
      currency,
      balances: [...balances].map(([userId, units]) => ({
        user_id: userId,
        user_name: nameOf(userId),
        balance: decimal(units),
      })),
      plan: plan.map((p) => ({ from_user: p.from, to_user: p.to, amount: decimal(p.amount) })),
      // Left out of the balances until someone gives them a rate: never counted 1:1.
      not_converted: {
        expense_ids: notConverted.expenses.map((e) => e.id),
        settlement_ids: notConverted.settlements.map((s) => s.id),
      },
    }
  })

  app.get('/:id/settlements', { schema: { params: IdParams } }, async (request) => {
    const { household } = await app.households.access(request.params.id, request.user.id)
    const list = await ledger.settlements(request.user.id, request.params.id)
    return { settlements: list.map((s) => settlementView(s, household)) }
  })

  app.put('/settlements/:id/rate', { schema: { params: IdParams, body: ObjectBody } }, async (request) => {
    const rate = accepted(checkRate(request.body))
    const settlement = (await ledger.setRate(
      request.user.id,
      'settlements',
      request.params.id,
      rate.fx_rate,
    )) as Settlement
    const { household } = await app.households.access(settlement.householdId, request.user.id)
    return { success: true, settlement: settlementView(settlement, household) }
  })

  app.post('/:id/settlements', { schema: { params: IdParams, body: ObjectBody } }, async (request, reply) => {
    const me = request.user.id
    accepted(checkSettlement(request.body))
    const { household } = await app.households.access(request.params.id, me)
    const body = accepted(checkSettlement(request.body, householdCurrencyOf(household).currency))
    const owed = await ledger.owedBetween(me, request.params.id, me, body.to_user)
    const settlement = await ledger.recordSettlement(me, {
      householdId: request.params.id,
      toUserId: body.to_user,
      amount: body.amount,
      method: body.payment_method,
      transactionId: body.transaction_id ?? '',
      note: body.notes ?? '',
      ...entryMoneyOf(body, household),
    })
    return reply.status(201).send({
      success: true,
      settlement: settlementView(settlement, household),
      ...overpaidWarning(settlement, household, owed),
    })
  })
}

/**
 * Recorded as asked (the payer knows what they paid), with a word when it is more than was owed,
 * compared in the household currency; a payment with no rate to it cannot be compared yet.
 */
function overpaidWarning(settlement: Settlement, household: Household, owed: number): { warning?: string } {
  const hc = householdCurrencyOf(household)
  const paid = settlementInHousehold(settlement, hc)
  if (paid === null || paid.amount <= owed) return {}
  return { warning: HOUSEHOLD_MESSAGES.moreThanOwed(owed > 0 ? formatMoney(owed, hc.currency) : null) }
}

/** Recurring expenses: any member adds, edits (the occurrences not yet added) or stops one. */
function recurringRoutes(app: App): void {
  const { households, recurringExpenses: recurring } = app
  app.get('/:id/recurring', { schema: { params: IdParams } }, async (request) => {
    const { household } = await households.access(request.params.id, request.user.id)
    return { recurring: (household.recurring ?? []).map((rule) => recurringView(rule, household)) }
  })

  app.post('/:id/recurring', { schema: { params: IdParams, body: ObjectBody } }, async (request, reply) => {
    // Refused before the household is looked up, as ever; then read in the household's currency.
    accepted(checkRecurringExpense(request.body))
    const { household } = await households.access(request.params.id, request.user.id)
    const body = accepted(checkRecurringExpense(request.body, householdCurrencyOf(household).currency))
    const draft = recurringDraftOf(body, household, request.user.id)
    const rule = await recurring.add(request.user.id, household.id, draft)
    return reply.status(201).send({ success: true, recurring: recurringView(rule, household) })
  })

  app.put('/:id/recurring/:ruleId', { schema: { params: RuleParams, body: ObjectBody } }, async (request) => {
    // Refused before the household is looked up, as ever; then read in the household's currency.
    accepted(checkRecurringExpense(request.body))
    const { household } = await households.access(request.params.id, request.user.id)
    const body = accepted(checkRecurringExpense(request.body, householdCurrencyOf(household).currency))
    const draft = recurringDraftOf(body, household, request.user.id)
    const rule = await recurring.update(request.user.id, household.id, request.params.ruleId, draft)
    return { success: true, recurring: recurringView(rule, household) }
  })

  app.delete('/:id/recurring/:ruleId', { schema: { params: RuleParams } }, async (request) => {
    await recurring.stop(request.user.id, request.params.id, request.params.ruleId)
    return { success: true }
  })
}
