import { describe, expect, it } from 'vitest'
import { COLLECTIONS } from '../../schema/collections'
import { demoData } from '../../schema/demo-data'

describe('demo data', () => {
  const now = new Date(2027, 0, 15, 13, 0).getTime()
  const data = demoData(now)

  it('is valid for every entity and deterministic', () => {
    for (const t of data.transactions) expect(COLLECTIONS.transactions.entity.safeParse(t).success).toBe(true)
    for (const b of data.budgets) expect(COLLECTIONS.budgets.entity.safeParse(b).success).toBe(true)
    for (const r of data.recurring_payments)
      expect(COLLECTIONS.recurring_payments.entity.safeParse(r).success).toBe(true)
    expect(COLLECTIONS.profile.entity.safeParse(data.profile[0]).success).toBe(true)
    expect(demoData(now)).toEqual(data)
  })

  it('spans three months up to now, with nothing in the future and unique ids', () => {
    const dates = data.transactions.map((t) => t.date)
    expect(Math.max(...dates)).toBeLessThanOrEqual(now)
    expect(new Date(Math.min(...dates)).getMonth()).toBe(10) // November, two months before January
    expect(new Set(data.transactions.map((t) => t.id)).size).toBe(data.transactions.length)
    expect(data.transactions.filter((t) => new Date(t.date).getMonth() === 0).length).toBeGreaterThan(0)
  })

  it('keeps every amount in whole paise and earns more than it spends', () => {
    expect(data.transactions.every((t) => Number.isInteger(t.amount) && t.amount > 0)).toBe(true)
    const income = data.transactions.filter((t) => t.type === 'income').reduce((a, t) => a + t.amount, 0)
    const expenses = data.transactions.filter((t) => t.type === 'expense').reduce((a, t) => a + t.amount, 0)
    expect(income).toBeGreaterThan(expenses)
  })
})
