import { createECDH } from 'node:crypto'
import { DEFAULT_BRAND } from '../../schema/brand'

/**
 * Every route of the server, listed once: the isolation sweep probes each with
 * another user's (or a non-member's, or a non-admin's) credentials and the fuzzer sends each
 * random input. A route the server registers that is not listed here fails
 * `isolation-sweep.test.ts`, so a new route joins both by getting one line below.
 */

/** A resource of the victim's fixture that a `:param` (or a body field) names. */
export type Ref =
  | 'expense'
  | 'income'
  | 'budget'
  | 'recurring'
  | 'loan'
  | 'loanPayment'
  | 'household'
  | 'householdExpense'
  | 'householdRecurring'
  | 'settlement'
  | 'ticket'
  | 'victim'
  | 'member'
  | 'invitation'
  | 'collection'
  /** The endpoint of the victim's push subscription. */
  | 'subscription'
  /** The photo on the victim's expense. */
  | 'receipt'

export type Ids = Record<Ref, string>

/**
 * public: no token needed; user: any signed-in user; admin: admins only (probed with an
 * ordinary user's token); webhook: Twilio-signed form posts; stream: server-sent events
 * (probed over a real socket, not fuzzed: an accepted request never ends).
 */
export type Access = 'public' | 'user' | 'admin' | 'webhook' | 'stream'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RouteSpec {
  method: Method
  /** As Fastify registers it, `:name` for parameters. */
  url: string
  access: Access
  /** Each `:param` and the victim's resource it names (the fuzzer uses the same, as their owner). */
  params?: Partial<Record<string, Ref>>
  /** A valid body given the fixture's ids (the base the fuzzer mutates). */
  body?: (ids: Ids) => unknown
  /** Valid query parameters. */
  query?: Record<string, string>
  /** The body names the victim's data, so another user's attempt must be refused like an id in the URL. */
  victimInBody?: boolean
}

const route = (method: Method, url: string, access: Access, extra: Omit<RouteSpec, 'method' | 'url' | 'access'> = {}) =>
  ({ method, url, access, ...extra }) satisfies RouteSpec

const today = '2026-11-20'
const expenseBody = () => ({ amount: 123.45, category: 'Shopping', date: today, description: 'probe' })
const incomeBody = () => ({ amount: 500, source: 'Gift', date: today, description: 'probe' })
const budgetBody = () => ({ category: 'Travel', amount: 2000, period: 'monthly' })
const recurringBody = () => ({
  name: 'Gym',
  amount: 999,
  category: 'Health',
  frequency: 'monthly',
  due_date: '2026-12-05',
  reminder_days: 2,
})
const loanBody = () => ({
  loan_type: 'personal',
  loan_name: 'Probe loan',
  loan_status: 'new',
  start_date: '2026-06-01',
  principal_amount: 50000,
  interest_rate: 10,
  interest_type: 'emi',
  loan_duration_months: 12,
  emi_amount: 4400,
  next_due_date: '2026-12-01',
})
const paymentBody = () => ({ payment_date: today, amount_paid: 1000, payment_method: 'upi' })
const householdRecurringBody = () => ({
  amount: 18000,
  category: 'Rent',
  frequency: 'monthly',
  day_of_month: 31,
  start_date: '2030-01-01',
})
const householdBody = () => ({ name: 'Probe home', review_period_hours: 24 })
const ticketBody = () => ({ category: 'question', subject: 'Probe', description: 'A probe', priority: 'low' })
const probeKeys = (() => {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: Buffer.alloc(16, 7).toString('base64url') }
})()

export const ROUTES: RouteSpec[] = [
  route('GET', '/api/health', 'public'),
  route('GET', '/api/brand', 'public'),
  route('GET', '/brand.json', 'public'),
  route('GET', '/manifest.webmanifest', 'public'),

  route('POST', '/api/auth/register', 'public', {
    body: () => ({ email: `probe-${Math.random().toString(36).slice(2)}@example.com`, password: 'secret123' }),
  }),
  route('POST', '/api/auth/login', 'public', { body: () => ({ email: 'nobody@example.com', password: 'wrong-one' }) }),
  route('GET', '/api/auth/me', 'user'),
  route('PUT', '/api/auth/change-password', 'user', {
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'new-secret-123' }),
  }),
  route('POST', '/api/auth/logout-all', 'user'),
  route('PUT', '/api/auth/update-phone', 'user', { body: () => ({ phone_number: '+91 90000 11111' }) }),
  route('PUT', '/api/auth/update-profile', 'user', { body: () => ({ name: 'Probe', job_title: 'Tester' }) }),
  route('PUT', '/api/auth/currency', 'user', { body: () => ({ currency_code: 'USD' }) }),
  route('DELETE', '/api/auth/account', 'user', { body: () => ({ password: 'not-the-password' }) }),

  route('GET', '/api/expenses', 'user'),
  route('POST', '/api/expenses', 'user', { body: expenseBody }),
  route('PUT', '/api/expenses/:id', 'user', { params: { id: 'expense' }, body: expenseBody }),
  route('DELETE', '/api/expenses/:id', 'user', { params: { id: 'expense' } }),
  route('GET', '/api/income', 'user'),
  route('POST', '/api/income', 'user', { body: incomeBody }),
  route('PUT', '/api/income/:id', 'user', { params: { id: 'income' }, body: incomeBody }),
  route('DELETE', '/api/income/:id', 'user', { params: { id: 'income' } }),

  route('GET', '/api/budgets', 'user'),
  route('POST', '/api/budgets', 'user', { body: budgetBody }),
  route('PUT', '/api/budgets/:id', 'user', { params: { id: 'budget' }, body: budgetBody }),
  route('DELETE', '/api/budgets/:id', 'user', { params: { id: 'budget' } }),
  route('GET', '/api/allocation/summary', 'user'),
  route('POST', '/api/allocation/income', 'user', { body: () => ({ amount: 75000 }) }),
  route('POST', '/api/allocation/allocate', 'user', {
    body: (ids) => ({ budget_id: ids.budget, amount: 1500 }),
    victimInBody: true,
  }),
  route('GET', '/api/recurring-payments', 'user'),
  route('POST', '/api/recurring-payments', 'user', { body: recurringBody }),
  route('PUT', '/api/recurring-payments/:id', 'user', { params: { id: 'recurring' }, body: recurringBody }),
  route('DELETE', '/api/recurring-payments/:id', 'user', { params: { id: 'recurring' } }),
  route('POST', '/api/recurring-payments/:id/mark-paid', 'user', { params: { id: 'recurring' } }),

  route('GET', '/api/loans', 'user'),
  route('POST', '/api/loans', 'user', { body: loanBody }),
  route('GET', '/api/loans/:id', 'user', { params: { id: 'loan' } }),
  route('PUT', '/api/loans/:id', 'user', { params: { id: 'loan' }, body: loanBody }),
  route('DELETE', '/api/loans/:id', 'user', { params: { id: 'loan' } }),
  route('POST', '/api/loans/:id/payments', 'user', { params: { id: 'loan' }, body: paymentBody }),
  route('PUT', '/api/loans/:id/payments/:paymentId', 'user', {
    params: { id: 'loan', paymentId: 'loanPayment' },
    body: paymentBody,
  }),
  route('DELETE', '/api/loans/:id/payments/:paymentId', 'user', { params: { id: 'loan', paymentId: 'loanPayment' } }),

  route('GET', '/api/households', 'user'),
  route('POST', '/api/households', 'user', { body: householdBody }),
  route('GET', '/api/households/:id', 'user', { params: { id: 'household' } }),
  route('PUT', '/api/households/:id', 'user', { params: { id: 'household' }, body: () => ({ name: 'Renamed' }) }),
  route('POST', '/api/households/:id/invite', 'user', {
    params: { id: 'household' },
    body: () => ({ email: 'invitee-probe@example.com' }),
  }),
  route('DELETE', '/api/households/:id/invitations/:invitationId', 'user', {
    params: { id: 'household', invitationId: 'invitation' },
  }),
  route('GET', '/api/households/invitations', 'user'),
  route('POST', '/api/households/invitations/:id/accept', 'user', { params: { id: 'invitation' } }),
  route('POST', '/api/households/invitations/:id/decline', 'user', { params: { id: 'invitation' } }),
  route('DELETE', '/api/households/:id/members/:userId', 'user', { params: { id: 'household', userId: 'member' } }),
  route('POST', '/api/households/:id/leave', 'user', { params: { id: 'household' } }),
  route('GET', '/api/households/reviews/pending', 'user'),
  route('POST', '/api/households/expenses/:id/approve', 'user', { params: { id: 'householdExpense' } }),
  route('POST', '/api/households/expenses/:id/deny', 'user', {
    params: { id: 'householdExpense' },
    body: () => ({ reason: 'Not mine' }),
  }),
  route('PUT', '/api/households/expenses/:id/rate', 'user', {
    params: { id: 'householdExpense' },
    body: () => ({ fx_rate: 83.25 }),
  }),
  route('GET', '/api/households/:id/expenses', 'user', { params: { id: 'household' } }),
  route('POST', '/api/households/:id/expenses', 'user', {
    params: { id: 'household' },
    // paid_by names the other member: the fuzzer swaps in outsiders, blanks and junk.
    body: (ids) => ({ amount: 300, category: 'Groceries', date: today, paid_by: ids.member }),
  }),
  route('GET', '/api/households/:id/recurring', 'user', { params: { id: 'household' } }),
  route('POST', '/api/households/:id/recurring', 'user', { params: { id: 'household' }, body: householdRecurringBody }),
  route('PUT', '/api/households/:id/recurring/:ruleId', 'user', {
    params: { id: 'household', ruleId: 'householdRecurring' },
    body: householdRecurringBody,
  }),
  route('DELETE', '/api/households/:id/recurring/:ruleId', 'user', {
    params: { id: 'household', ruleId: 'householdRecurring' },
  }),
  route('POST', '/api/households/settlements/:id/confirm', 'user', { params: { id: 'settlement' } }),
  route('POST', '/api/households/settlements/:id/decline', 'user', {
    params: { id: 'settlement' },
    body: () => ({ reason: 'Not received' }),
  }),
  route('POST', '/api/households/settlements/:id/cancel', 'user', { params: { id: 'settlement' } }),
  route('PUT', '/api/households/settlements/:id/rate', 'user', {
    params: { id: 'settlement' },
    body: () => ({ fx_rate: 83.25 }),
  }),
  route('GET', '/api/households/:id/balances', 'user', { params: { id: 'household' } }),
  route('GET', '/api/households/:id/settlements', 'user', { params: { id: 'household' } }),
  route('POST', '/api/households/:id/settlements', 'user', {
    params: { id: 'household' },
    body: (ids) => ({ to_user: ids.victim, amount: 10, payment_method: 'upi' }),
  }),

  route('POST', '/api/support/login-help', 'public', {
    body: () => ({ email: 'lost@example.com', issue: 'Locked out' }),
  }),
  route('GET', '/api/support/tickets', 'user'),
  route('POST', '/api/support/tickets', 'user', { body: ticketBody }),
  route('GET', '/api/support/tickets/:id', 'user', { params: { id: 'ticket' } }),
  route('POST', '/api/support/tickets/:id/messages', 'user', {
    params: { id: 'ticket' },
    body: () => ({ message: 'Probe' }),
  }),

  route('GET', '/api/notifications/settings', 'user'),
  route('PUT', '/api/notifications/settings', 'user', { body: () => ({ payments: false, time_zone: 'Asia/Kolkata' }) }),
  route('POST', '/api/notifications/subscriptions', 'user', {
    body: (ids) => ({ endpoint: ids.subscription, keys: probeKeys, time_zone: 'Asia/Kolkata' }),
    victimInBody: true,
  }),
  route('DELETE', '/api/notifications/subscriptions', 'user', {
    body: (ids) => ({ endpoint: ids.subscription }),
    victimInBody: true,
  }),

  route('PUT', '/api/receipts/transactions/:documentId/:id', 'user', {
    params: { documentId: 'expense', id: 'receipt' },
  }),
  route('PUT', '/api/receipts/household-expenses/:documentId/:id', 'user', {
    params: { documentId: 'householdExpense', id: 'receipt' },
  }),
  route('GET', '/api/receipts/:id', 'user', { params: { id: 'receipt' } }),
  route('GET', '/api/fx/latest', 'user'),

  route('GET', '/api/sync/:collection/pull', 'user', { params: { collection: 'collection' }, query: { seq: '0' } }),
  route('POST', '/api/sync/:collection/push', 'user', { params: { collection: 'collection' } }),
  route('POST', '/api/sync/:collection/restamp', 'user', { params: { collection: 'collection' } }),
  route('GET', '/api/sync/stream', 'stream'),

  route('POST', '/api/whatsapp/webhook', 'webhook'),
  route('GET', '/api/whatsapp/status', 'user'),

  route('GET', '/api/admin/analytics', 'admin'),
  route('GET', '/api/admin/users', 'admin', { query: { search: 'a' } }),
  route('GET', '/api/admin/users/:id', 'admin', { params: { id: 'victim' } }),
  route('POST', '/api/admin/users/:id/suspend', 'admin', { params: { id: 'victim' } }),
  route('POST', '/api/admin/users/:id/reactivate', 'admin', { params: { id: 'victim' } }),
  route('GET', '/api/admin/tickets', 'admin', { query: { status: 'open' } }),
  route('GET', '/api/admin/tickets/:id', 'admin', { params: { id: 'ticket' } }),
  route('POST', '/api/admin/tickets/:id/messages', 'admin', {
    params: { id: 'ticket' },
    body: () => ({ message: 'Probe' }),
  }),
  route('PUT', '/api/admin/tickets/:id/status', 'admin', {
    params: { id: 'ticket' },
    body: () => ({ status: 'open' }),
  }),
  route('PUT', '/api/admin/brand', 'admin', { body: () => ({ ...DEFAULT_BRAND, appName: 'Probe' }) }),
  route('DELETE', '/api/admin/brand', 'admin'),
]

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`

/** The URL of a route with its parameters filled in (each encoded). */
export function fillUrl(spec: RouteSpec, value: (name: string, ref: Ref | undefined) => string): string {
  return spec.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => encodeURIComponent(value(name, spec.params?.[name])))
}
