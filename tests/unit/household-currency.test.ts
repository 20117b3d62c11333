import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { householdBalances, settlementPlan } from '../../schema/calc/household-balances'
import {
  distributeByLargestRemainder,
  expenseInHousehold,
  householdCurrencyOf,
  inHouseholdCurrency,
} from '../../schema/calc/household-money'
import { fewestPayments } from '../../schema/calc/settle-plan'
import { apportion } from '../../schema/calc/shares'
import { splitAmounts } from '../../schema/calc/splits'
import { HouseholdExpense, Settlement } from '../../schema/entities/household'
import { amountText, convertAmount, currencyDigits, storedDigits } from '../../schema/money/currency'
import { CURRENCY_CODES } from '../../schema/money/money'
import { HOUSEHOLD_MESSAGES, householdAmountError } from '../../schema/validation/household-input'
import { editFormatIn } from '../../src/features/households/household-money'

const people = fc.integer({ min: 2, max: 8 }).map((n) => Array.from({ length: n }, (_, i) => `u${i}`))
const CODES = ['INR', 'USD', 'JPY', 'BHD', 'AED'] as const
/** A rate the app stores: up to 10 significant digits between 1e-6 and 1e5. */
const rate = fc
  .tuple(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([digits, scale]) => Number((digits / 10 ** scale).toPrecision(8)))
  .filter((r) => r >= 1e-6 && r <= 1e5)
const sumOf = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((a, b) => a + b, 0)

interface Entry {
  currency: string
  fxRate: number | null
  fxHome?: string
}

/** An entry's currency fields: the household's own (no rate), or another with a rate or without. */
function currencyFields(home: string) {
  return fc.record({ code: fc.constantFrom(...CODES), rate, hasRate: fc.boolean() }).map(({ code, rate, hasRate }) => {
    if (code === home) return { currency: code, fxRate: null } satisfies Entry
    return hasRate ? { currency: code, fxRate: rate, fxHome: home } : { currency: code, fxRate: null }
  })
}

function mixedHousehold(home: string) {
  return people.chain((ids) =>
    fc.record({
      ids: fc.constant(ids),
      expenses: fc.array(
        fc.record({
          money: currencyFields(home),
          paidBy: fc.constantFrom(...ids),
          seed: fc.integer({ min: 1, max: 1000 }),
          units: fc.integer({ min: 1, max: 50_000_000 }),
        }),
        { maxLength: 12 },
      ),
      settlements: fc.array(
        fc.record({
          money: currencyFields(home),
          from: fc.constantFrom(...ids),
          to: fc.constantFrom(...ids),
          units: fc.integer({ min: 1, max: 50_000_000 }),
        }),
        { maxLength: 8 },
      ),
    }),
  )
}

/** Whole units of the entry's currency (yen in hundreds of stored units). */
const whole = (units: number, code: string) => (code === 'JPY' ? units * 100 : units)

function build(home: string, h: { ids: string[]; expenses: Ex[]; settlements: St[] }) {
  const expenses = h.expenses.map(({ money, paidBy, seed, units }) => {
    const amount = whole(units, money.currency)
    const inputs = h.ids.map((userId, i) => ({ userId, weight: ((seed * (i + 3)) % 7) + 1 }))
    return { ...money, paidBy, amount, splits: splitAmounts('shares', amount, inputs) }
  })
  const settlements = h.settlements.map(({ money, from, to, units }) => ({
    ...money,
    fromUserId: from,
    toUserId: to,
    amount: whole(units, money.currency),
  }))
  return { expenses, settlements }
}
type Ex = { money: Entry; paidBy: string; seed: number; units: number }
type St = { money: Entry; from: string; to: string; units: number }

describe('largest remainder', () => {
  it('scales parts to add up to exactly the total, each within one unit of its exact share', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 1e15 }),
        (parts, total) => {
          fc.pre(parts.some((p) => p > 0))
          const sum = parts.reduce((a, b) => a + b, 0)
          const scaled = distributeByLargestRemainder(total, parts)
          expect(scaled.reduce((a, b) => a + b, 0)).toBe(total)
          scaled.forEach((s, i) => {
            expect(Number.isInteger(s)).toBe(true)
            const floor = (BigInt(total) * BigInt(parts[i]!)) / BigInt(sum)
            expect(BigInt(s) - floor === 0n || BigInt(s) - floor === 1n).toBe(true)
          })
        },
      ),
    )
  })

  it('gives the parts back unchanged when the total is their sum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 50 }), (parts) => {
        fc.pre(parts.some((p) => p > 0))
        expect(
          distributeByLargestRemainder(
            parts.reduce((a, b) => a + b, 0),
            parts,
          ),
        ).toEqual(parts)
      }),
    )
  })
})

describe('household balances in more than one currency', () => {
  it('sum to exactly zero in the household currency, with expenses and payments in mixed currencies', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CODES).chain((home) => fc.tuple(fc.constant(home), mixedHousehold(home))),
        ([home, h]) => {
          const { expenses, settlements } = build(home, h)
          const money = inHouseholdCurrency(expenses, settlements, householdCurrencyOf({ currency: home }))
          expect(sumOf(householdBalances(h.ids, money.expenses, money.settlements))).toBe(0)
          // Nothing is counted 1:1: what has no rate is set apart, everything else is converted.
          const kept = money.expenses.length + money.notConverted.expenses.length
          expect(kept).toBe(expenses.length)
          for (const e of money.notConverted.expenses) expect(e.currency !== home && e.fxRate === null).toBe(true)
          for (const s of money.notConverted.settlements) expect(s.currency !== home && s.fxRate === null).toBe(true)
        },
      ),
    )
  })

  it('credits each payer with the expense converted once, and its converted parts add up to it', () => {
    fc.assert(
      fc.property(mixedHousehold('INR'), (h) => {
        const home = householdCurrencyOf({ currency: 'INR' })
        for (const e of build('INR', h).expenses) {
          const converted = expenseInHousehold(e, home)
          if (converted === null) continue
          const expected = e.currency === 'INR' ? e.amount : convertAmount(e.amount, e.currency, 'INR', e.fxRate!)
          expect(converted.amount).toBe(expected)
          expect(converted.splits.reduce((a, s) => a + s.amount, 0)).toBe(expected)
        }
      }),
    )
  })

  it('an all-home-currency household gives exactly the balances it gave before currencies', () => {
    fc.assert(
      fc.property(mixedHousehold('INR'), fc.boolean(), (h, withField) => {
        const { expenses, settlements } = build('INR', h)
        // Households and entries from before currencies name none; newer ones name INR.
        const home = expenses.filter((e) => e.currency === 'INR').map(({ currency: _, ...e }) => e)
        const paid = settlements.filter((s) => s.currency === 'INR').map(({ currency: _, ...s }) => s)
        const money = inHouseholdCurrency(home, paid, householdCurrencyOf(withField ? { currency: 'INR' } : {}))
        expect(money.notConverted).toEqual({ expenses: [], settlements: [] })
        expect(householdBalances(h.ids, money.expenses, money.settlements)).toEqual(
          householdBalances(h.ids, home, paid),
        )
      }),
    )
  })

  it('the settle-up plans clear every balance', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CODES).chain((home) => fc.tuple(fc.constant(home), mixedHousehold(home))),
        ([home, h]) => {
          const { expenses, settlements } = build(home, h)
          const money = inHouseholdCurrency(expenses, settlements, householdCurrencyOf({ currency: home }))
          const balances = householdBalances(h.ids, money.expenses, money.settlements)
          for (const plan of [fewestPayments(balances), settlementPlan(balances)]) {
            const cleared = householdBalances(h.ids, money.expenses, [
              ...money.settlements,
              ...plan.map((p) => ({ fromUserId: p.from, toUserId: p.to, amount: p.amount })),
            ])
            expect([...cleared.values()].every((b) => b === 0)).toBe(true)
          }
        },
      ),
    )
  })
})

describe('a household that changed its currency', () => {
  it('reads entries without a currency in the pinned one: not converted until given a rate to the new one', () => {
    const hc = householdCurrencyOf({ currency: 'USD', legacyCurrency: 'INR' })
    const old = { paidBy: 'a', amount: 10_000, splits: [{ userId: 'b', amount: 10_000 }] }
    expect(expenseInHousehold(old, hc)).toBeNull()
    // A rate given for INR back when the household was in INR does not count toward USD.
    expect(expenseInHousehold({ ...old, currency: 'EUR', fxRate: 90, fxHome: 'INR' }, hc)).toBeNull()
    const rated = expenseInHousehold({ ...old, currency: 'INR', fxRate: 0.012, fxHome: 'USD' }, hc)
    expect(rated?.amount).toBe(120)
  })
})

describe('entities', () => {
  const base = { id: 'e1', ownerId: 'a', updatedAt: 1, householdId: 'h', description: '', category: 'Rent' }
  const expense = { ...base, date: 1, paidBy: 'a', splits: [{ userId: 'a', amount: 150, weight: 0 }], reviews: [] }

  it('refuse a rate without a currency, and amounts finer than their currency', () => {
    expect(HouseholdExpense.safeParse({ ...expense, amount: 150, fxRate: 83.25 }).success).toBe(false)
    expect(HouseholdExpense.safeParse({ ...expense, amount: 150, currency: 'JPY' }).success).toBe(false)
    const ok = { ...expense, amount: 150, currency: 'USD', fxRate: 83.25, fxHome: 'INR' }
    expect(HouseholdExpense.safeParse(ok).success).toBe(true)
    const payment = { ...base, fromUserId: 'a', toUserId: 'b', amount: 150, date: 1 }
    expect(Settlement.safeParse({ ...payment, fxRate: 83.25 }).success).toBe(false)
    expect(Settlement.safeParse({ ...payment, currency: 'USD', fxRate: 83.25, fxHome: 'INR' }).success).toBe(true)
  })
})

describe("a household form's amount is read in the chosen currency's own digits", () => {
  const code = fc.constantFrom(...CURRENCY_CODES)
  const units = fc.integer({ min: 1, max: 9_999_999 })

  it("takes every amount written in its currency's digits and reads it back exactly", () => {
    fc.assert(
      fc.property(code, units, (currency, own) => {
        const digits = currencyDigits(currency)
        const stored = own * 10 ** (storedDigits(currency) - digits)
        const text = amountText(stored, currency)
        expect(householdAmountError(text, currency)).toBeNull()
        expect(editFormatIn(currency).fromEdit(text)).toBe(stored)
        expect(editFormatIn(currency).forEdit(stored)).toBe(text)
      }),
    )
  })

  it('refuses one more decimal than the currency has, with the REST message, rather than rounding it', () => {
    fc.assert(
      fc.property(code, units, fc.integer({ min: 1, max: 9 }), (currency, own, extra) => {
        const text = `${amountText(own * 10 ** (storedDigits(currency) - currencyDigits(currency)), currency)}`
        const finer = `${text.includes('.') ? text : `${text}.`}${extra}`
        expect(householdAmountError(finer, currency)).toBe(HOUSEHOLD_MESSAGES.amountDigits(currency))
      }),
    )
    expect(householdAmountError('500.5', 'JPY')).toBe('JPY amounts are whole numbers')
    expect(householdAmountError('', 'USD')).toBe(HOUSEHOLD_MESSAGES.amountInvalid)
  })
})

describe('splits in whole units of the currency', () => {
  /** 0, 2 and 3 decimals: whole yen (kept in hundredths), paise and cents, fils. */
  const currencies = fc.constantFrom('JPY', 'KRW', 'INR', 'USD', 'AED', 'BHD', 'KWD', 'OMR')
  /** Stored units in one of the currency's own minor units. */
  const stepOf = (code: string) => 10 ** (storedDigits(code) - currencyDigits(code))
  /** A total the form accepts: a whole number of the currency's minor units, up to 10^10 stored units. */
  const totalIn = (code: string) =>
    fc.integer({ min: 1, max: 10_000_000_000 / stepOf(code) }).map((n) => n * stepOf(code))
  const members = fc.integer({ min: 1, max: 12 })
  const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ userId: `m${i}` }))
  const total = (parts: readonly { amount: number }[]) => parts.reduce((a, p) => a + p.amount, 0)

  it('an equal split: parts in whole units that add up to the total and differ by at most one unit', () => {
    fc.assert(
      fc.property(
        currencies.chain((code) => fc.tuple(fc.constant(code), totalIn(code), members)),
        ([code, amount, n]) => {
          const parts = splitAmounts('equal', amount, ids(n), code)
          const step = stepOf(code)
          expect(total(parts)).toBe(amount)
          for (const p of parts) expect(p.amount % step).toBe(0)
          const amounts = parts.map((p) => p.amount)
          expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(step)
        },
      ),
    )
  })

  it('a percentage or shares split: parts in whole units that add up to the total', () => {
    const weights = fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 12 })
    fc.assert(
      fc.property(
        currencies.chain((code) => fc.tuple(fc.constant(code), totalIn(code), weights)),
        ([code, amount, raw]) => {
          // Percentages that make exactly 100 % (basis points), and the raw numbers as shares.
          const bps = apportion(10_000, raw)
          for (const [method, w] of [
            ['percentage', bps],
            ['shares', raw],
          ] as const) {
            const parts = splitAmounts(
              method,
              amount,
              w.map((weight, i) => ({ userId: `m${i}`, weight })),
              code,
            )
            expect(total(parts)).toBe(amount)
            for (const p of parts) expect(p.amount % stepOf(code)).toBe(0)
          }
        },
      ),
    )
  })

  it('¥1,000 among three is ¥334, ¥333 and ¥333, not ¥333.34', () => {
    expect(splitAmounts('equal', 100_000, ids(3), 'JPY').map((p) => p.amount)).toEqual([33_400, 33_300, 33_300])
    expect(splitAmounts('equal', 100_000, ids(3), 'INR').map((p) => p.amount)).toEqual([33_334, 33_333, 33_333])
    expect(splitAmounts('equal', 1_000, ids(3), 'BHD').map((p) => p.amount)).toEqual([334, 333, 333])
  })
})
