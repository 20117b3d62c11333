import type { Paise } from '../money/money'

/** What balances are made of: approved expenses (who paid, who owes what) and confirmed settlements. */
export interface BalanceExpense {
  paidBy: string
  amount: Paise
  splits: readonly { userId: string; amount: Paise }[]
}
export interface BalanceSettlement {
  fromUserId: string
  toUserId: string
  amount: Paise
}

/**
 * Each member's balance in paise: positive = gets money back, negative = owes. A payer is owed
 * what the others' parts add up to; a settlement moves money from payer to receiver. Whenever every
 * expense's parts add up to its amount, the balances sum to exactly zero. People who are no longer
 * members keep their balance (the money is still owed); `memberIds` come first, in their order.
 */
export function householdBalances(
  memberIds: readonly string[],
  expenses: Iterable<BalanceExpense>,
  settlements: Iterable<BalanceSettlement>,
): Map<string, Paise> {
  const balances = new Map<string, Paise>(memberIds.map((id) => [id, 0]))
  const add = (id: string, paise: Paise) => balances.set(id, (balances.get(id) ?? 0) + paise)
  for (const e of expenses) {
    add(e.paidBy, e.amount)
    for (const s of e.splits) add(s.userId, -s.amount)
  }
  for (const s of settlements) {
    add(s.fromUserId, s.amount)
    add(s.toUserId, -s.amount)
  }
  return balances
}

export interface PlannedPayment {
  from: string
  to: string
  amount: Paise
}

/**
 * Who pays whom so that every balance becomes zero: the largest debtor pays the largest creditor,
 * repeatedly. Each payment clears at least one of the two, so n people with a non-zero balance
 * need at most n − 1 payments. Balances must sum to zero (what `householdBalances` gives).
 */
export function settlementPlan(balances: ReadonlyMap<string, Paise>): PlannedPayment[] {
  const debtors = [...balances].filter(([, b]) => b < 0).map(([id, b]) => ({ id, left: -b }))
  const creditors = [...balances].filter(([, b]) => b > 0).map(([id, b]) => ({ id, left: b }))
  const byLeft = (a: { id: string; left: number }, b: { id: string; left: number }) =>
    b.left - a.left || a.id.localeCompare(b.id)
  const plan: PlannedPayment[] = []
  for (;;) {
    debtors.sort(byLeft)
    creditors.sort(byLeft)
    const debtor = debtors[0]
    const creditor = creditors[0]
    if (!debtor || !creditor || debtor.left === 0 || creditor.left === 0) break
    const amount = Math.min(debtor.left, creditor.left)
    plan.push({ from: debtor.id, to: creditor.id, amount })
    debtor.left -= amount
    creditor.left -= amount
  }
  return plan
}
