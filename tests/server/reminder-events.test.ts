import { describe, expect, it } from 'vitest'
import { zonedTime } from '../../schema/calc/zoned-time'
import type { Budget } from '../../schema/entities/budget'
import type { HouseholdExpense } from '../../schema/entities/household'
import type { Ticket } from '../../schema/entities/ticket'
import { budgetEvents, eventKey, reviewEvents, ticketEvent } from '../../sync-server/modules/notifications/events'

// The rules that find reminder events, on plain values (the job feeds them the server's data).

const IST = 'Asia/Kolkata'
const NY = 'America/New_York'
const HOUR = 3_600_000
const ist = (m: number, d: number, h: number, min = 0) => zonedTime(IST, 2026, m - 1, d, h, min)

const food: Budget = {
  id: 'b1',
  ownerId: 'u1',
  updatedAt: 1,
  category: 'Food & Dining',
  amount: 100_000,
  period: 'monthly',
  allocated: 0,
  refusedAllocation: 0,
  createdAt: ist(1, 1, 9),
}
const spend = (rupees: number, date: number, origin = 'app') => ({
  type: 'expense' as const,
  amount: rupees * 100,
  category: 'food & dining',
  date,
  origin,
})

const RUPEES = { currency: 'INR' }

describe('budget events', () => {
  it("count the period in the user's zone: 30 Nov 23:30 in India is still November in New York next morning", () => {
    const entries = [spend(950, ist(11, 30, 23, 30))]
    const late = budgetEvents('u1', [food], entries, ist(11, 30, 23, 45), IST, RUPEES)
    expect(late.map((e) => e.context)).toEqual([
      { kind: 'budget', budgetId: 'b1', level: 90, start: ist(11, 1, 0), end: ist(12, 1, 0) },
    ])
    // The next morning in India is a new month: nothing reached there yet.
    expect(budgetEvents('u1', [food], entries, ist(12, 1, 10), IST, RUPEES)).toEqual([])
    // The same instant is 23:30 on 30 November in New York: the November budget is at 95 %.
    const ny = budgetEvents('u1', [food], entries, ist(12, 1, 10), NY, RUPEES)
    expect(ny.map((e) => [e.context.kind, eventKey(e.context)])).toEqual([
      ['budget', `budget:b1:${zonedTime(NY, 2026, 10, 1)}:90`],
    ])
  })

  it('say whether the latest expense came by WhatsApp (its reply gave the alert already)', () => {
    const now = ist(11, 20, 12)
    const byApp = [spend(500, ist(11, 10, 9), 'whatsapp'), spend(300, ist(11, 19, 9))]
    expect(budgetEvents('u1', [food], byApp, now, IST, RUPEES)[0]).not.toHaveProperty('toldByWhatsapp')
    const byWhatsapp = [spend(300, ist(11, 19, 9)), spend(500, ist(11, 10, 9), 'whatsapp')]
    expect(budgetEvents('u1', [food], byWhatsapp, now, IST, RUPEES)[0]).toMatchObject({ toldByWhatsapp: true })
  })

  it('count an expense in another currency at its own rate, and not at all without one', () => {
    const now = ist(11, 20, 12)
    const dollars = { ...spend(0, ist(11, 19, 9)), amount: 1000, currency: 'USD', fxHome: 'INR' }
    // $10 at 90 = ₹900 of ₹1,000: 90 %. At 1:1 it would be ₹10, and without a rate nothing.
    expect(budgetEvents('u1', [food], [{ ...dollars, fxRate: 90 }], now, IST, RUPEES)).toHaveLength(1)
    expect(budgetEvents('u1', [food], [{ ...dollars, amount: 99_000, fxRate: null }], now, IST, RUPEES)).toEqual([])
  })

  it('ignore income, other categories and expenses outside the period', () => {
    const now = ist(11, 20, 12)
    const entries = [
      { ...spend(900, ist(11, 5, 9)), type: 'income' as const },
      { ...spend(900, ist(11, 5, 9)), category: 'Travel' },
      spend(900, ist(10, 31, 23)),
      spend(699, ist(11, 19, 9)),
    ]
    expect(budgetEvents('u1', [food], entries, now, IST, RUPEES)).toEqual([])
    expect(budgetEvents('u1', [food], [...entries, spend(1, ist(11, 20, 9))], now, IST, RUPEES)).toHaveLength(1)
  })
})

describe('review events', () => {
  const created = ist(11, 20, 14)
  const expense: HouseholdExpense = {
    id: 'e1',
    ownerId: 'payer',
    updatedAt: created,
    householdId: 'h1',
    amount: 120_000,
    description: '',
    category: 'Groceries',
    date: created,
    paidBy: 'payer',
    splitMethod: 'equal',
    splits: [],
    reviews: [
      { userId: 'ravi', status: 'pending', reason: '', at: 0 },
      { userId: 'meera', status: 'approved', reason: '', at: created },
      { userId: 'gone', status: 'pending', reason: '', at: 0 },
    ],
    status: 'pending',
    deadline: created + 24 * HOUR,
    createdAt: created,
  }
  const member = (_h: string, u: string) => u !== 'gone'
  const stages = (now: number) =>
    reviewEvents(expense, now, () => IST, member).map((e) => [e.userId, (e.context as { stage: string }).stage])

  it('ask the members still to review, and recall them 3 hours before the deadline until it passes', () => {
    expect(stages(created)).toEqual([['ravi', 'waiting']])
    expect(stages(created + 21 * HOUR - 1)).toEqual([['ravi', 'waiting']])
    expect(stages(created + 21 * HOUR)).toEqual([
      ['ravi', 'waiting'],
      ['ravi', 'deadline'],
    ])
    expect(stages(created + 24 * HOUR)).toEqual([])
    expect(reviewEvents({ ...expense, status: 'denied' }, created, () => IST, member)).toEqual([])
  })
})

describe('ticket events', () => {
  const ticket: Ticket = {
    id: 't1',
    ownerId: 'u1',
    updatedAt: 1,
    ticketNumber: 'TKT-1',
    subject: 'CSV',
    description: 'Where?',
    category: 'question',
    priority: 'medium',
    status: 'open',
    createdAt: ist(11, 1, 9),
    messages: [
      { id: 'm1', authorId: 'admin', authorRole: 'admin', body: 'First', at: ist(11, 18, 9) },
      { id: 'm2', authorId: 'u1', authorRole: 'user', body: 'Thanks', at: ist(11, 18, 10) },
      { id: 'm3', authorId: 'admin', authorRole: 'admin', body: 'Second', at: ist(11, 19, 9) },
    ],
  }

  it('announce the latest admin reply while it is fresh (3 days)', () => {
    expect(ticketEvent('u1', ticket, ist(11, 20, 9))?.context).toEqual({
      kind: 'ticket',
      ticketId: 't1',
      messageId: 'm3',
    })
    expect(ticketEvent('u1', ticket, ist(11, 22, 9, 1))).toBeNull()
    expect(ticketEvent('u1', { ...ticket, messages: ticket.messages.slice(1, 2) }, ist(11, 20, 9))).toBeNull()
  })
})
