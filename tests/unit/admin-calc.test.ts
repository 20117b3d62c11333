import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BrandInput } from '../../schema/brand'
import { AA_TEXT, contrast, heroColors, readableTextOn, shadeForContrast, toHex } from '../../schema/calc/contrast'
import { latestEntries, marginPercent, monthlyPnl, pnlSummary } from '../../schema/calc/pnl'
import type { PnlEntry } from '../../schema/calc/pnl'

const NOW = new Date(2026, 10, 15, 12).getTime()
const DAY = 86_400_000

const entry = fc.record({
  kind: fc.constantFrom('expense' as const, 'revenue' as const),
  amount: fc.integer({ min: 1, max: 1e11 }),
  date: fc.integer({ min: NOW - 400 * DAY, max: NOW }),
})

describe('pnlSummary', () => {
  it('adds up exactly: revenue − expenses = profit, and profitable ⇔ profit ≥ 0', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), (entries) => {
        const s = pnlSummary(entries)
        const sum = (kind: PnlEntry['kind']) => entries.filter((e) => e.kind === kind).reduce((a, e) => a + e.amount, 0)
        expect(s.revenue).toBe(sum('revenue'))
        expect(s.expenses).toBe(sum('expense'))
        expect(s.profit).toBe(s.revenue - s.expenses)
        expect(s.profitable).toBe(s.profit >= 0)
        expect(Number.isInteger(s.profit)).toBe(true)
      }),
    )
  })

  it('gives the margin to one decimal, 0 without revenue, at most 100 %', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        const { marginPercent: m, revenue, profit } = pnlSummary(entries)
        expect(Math.round(m * 10)).toBeCloseTo(m * 10, 9)
        if (revenue === 0) expect(m).toBe(0)
        else expect(Math.abs(m - (profit / revenue) * 100)).toBeLessThanOrEqual(0.05 + 1e-9)
        expect(m).toBeLessThanOrEqual(100)
      }),
    )
  })

  it('matches worked examples', () => {
    expect(pnlSummary([])).toEqual({ revenue: 0, expenses: 0, profit: 0, marginPercent: 0, profitable: true })
    expect(marginPercent(2_000_000, 3_000_000)).toBe(66.7)
    expect(marginPercent(-150, 1_000)).toBe(-15)
    expect(marginPercent(-5_000, 0)).toBe(0)
    expect(marginPercent(1, 3)).toBe(33.3)
  })
})

describe('monthlyPnl', () => {
  it('has one row per month ending with this month, and the rows add up to the entries inside the window', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), fc.integer({ min: 1, max: 13 }), (entries, months) => {
        const rows = monthlyPnl(entries, NOW, months)
        expect(rows).toHaveLength(months)
        expect(rows.at(-1)!.month).toBe('2026-11')
        expect([...rows.map((r) => r.month)].sort()).toEqual(rows.map((r) => r.month))
        const first = rows[0]!.month
        const inside = entries.filter((e) => {
          const d = new Date(e.date)
          return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}` >= first
        })
        const total = pnlSummary(inside)
        expect(rows.reduce((a, r) => a + r.revenue, 0)).toBe(total.revenue)
        expect(rows.reduce((a, r) => a + r.expenses, 0)).toBe(total.expenses)
        for (const r of rows) expect(r.profit).toBe(r.revenue - r.expenses)
      }),
    )
  })
})

describe('latestEntries', () => {
  it('keeps at most `limit` entries of one kind, newest first, and none older than one it left out', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), fc.integer({ min: 1, max: 12 }), (entries, limit) => {
        const kept = latestEntries(entries, 'expense', limit)
        const all = entries.filter((e) => e.kind === 'expense')
        expect(kept).toHaveLength(Math.min(limit, all.length))
        for (let i = 1; i < kept.length; i += 1) expect(kept[i - 1]!.date).toBeGreaterThanOrEqual(kept[i]!.date)
        const oldestKept = kept.at(-1)?.date ?? Infinity
        for (const e of all) if (!kept.includes(e)) expect(e.date).toBeLessThanOrEqual(oldestKept)
      }),
    )
  })
})

const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => toHex(rgb))

describe('brand colour contrast', () => {
  it('derives a text colour that reads at AA on any brand colour', () => {
    fc.assert(
      fc.property(hex, (color) => {
        expect(contrast(color, readableTextOn(color))).toBeGreaterThanOrEqual(AA_TEXT)
      }),
    )
  })

  it('shades any colour until it reads at AA against light and dark surfaces', () => {
    fc.assert(
      fc.property(hex, fc.constantFrom('#ffffff', '#f4f7f6', '#131d1a', '#0b1210'), (color, surface) => {
        expect(contrast(shadeForContrast(color, surface), surface)).toBeGreaterThanOrEqual(AA_TEXT)
      }),
    )
  })

  it('the hero gradient of any two brand colours carries its white text at AA at both ends', () => {
    fc.assert(
      fc.property(hex, hex, (primary, secondary) => {
        const hero = heroColors(primary, secondary)
        expect(contrast(hero.text, hero.from)).toBeGreaterThanOrEqual(AA_TEXT)
        expect(contrast(hero.text, hero.to)).toBeGreaterThanOrEqual(AA_TEXT)
      }),
    )
    // Pure yellow, the colour: darkened, never white on yellow.
    expect(heroColors('#ffff00', '#764ba2').from).not.toBe('#ffff00')
    expect(heroColors('#047857', '#047857')).toEqual({ from: '#047857', to: '#047857', text: '#ffffff' })
  })

  it('leaves a colour that already reads unchanged', () => {
    expect(shadeForContrast('#047857', '#ffffff')).toBe('#047857')
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
  })

  it('accepts only #rrggbb colours', () => {
    const base = { appName: 'Hisaab', tagline: '', primaryColor: '#10B981', secondaryColor: '#047857' }
    expect(BrandInput.parse(base).primaryColor).toBe('#10b981')
    for (const bad of ['#fff', 'green', '#10b98', '#10b9811', 'rgb(0,0,0)'])
      expect(BrandInput.safeParse({ ...base, primaryColor: bad }).success).toBe(false)
  })
})
