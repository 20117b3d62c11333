import { describe, expect, it } from 'vitest'
import { EXPENSE_CATEGORIES, mergeCategories, categoryEmoji } from '../../schema/categories'
import { totalsOf } from '../../schema/calc/totals'
import { passwordStrength, signupErrors } from '../../schema/validation/signup'
import { formatWhen } from '../../src/components/transaction/format-when'
import { dayAtCurrentTime } from '../../src/features/transactions/day-at-current-time'
import { indicatorState, indicatorText, syncNotice, type SyncSnapshot } from '../../src/data/sync-state'

describe('passwordStrength', () => {
  it.each([
    ['', 0, 'Weak'],
    ['abcdef', 1, 'Weak'],
    ['abcdefghij', 2, 'Fair'],
    ['Abcdefghij', 3, 'Good'],
    ['Abcdefghi1', 4, 'Strong'],
    ['Abcdefgh1!', 5, 'Very Strong'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label })
  })
})

describe('signupErrors', () => {
  it('uses the spec messages', () => {
    expect(signupErrors({ email: '', password: '', confirm: 'x' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      confirm: 'Passwords do not match',
    })
    expect(signupErrors({ email: 'nope', password: 'abc', confirm: 'abc' })).toEqual({
      email: 'Email is invalid',
      password: 'Password must be at least 6 characters',
    })
    expect(signupErrors({ email: 'a@b.co', password: 'secret', confirm: 'secret' })).toEqual({})
  })
})

describe('formatWhen', () => {
  const now = new Date(2025, 2, 15, 18, 30).getTime()
  it('says Today and Yesterday with a 12-hour time', () => {
    expect(formatWhen(new Date(2025, 2, 15, 9, 5).getTime(), now)).toBe('Today, 9:05 AM')
    expect(formatWhen(new Date(2025, 2, 15, 0, 0).getTime(), now)).toBe('Today, 12:00 AM')
    expect(formatWhen(new Date(2025, 2, 14, 13, 45).getTime(), now)).toBe('Yesterday, 1:45 PM')
  })
  it('shows a short date otherwise', () => {
    expect(formatWhen(new Date(2025, 2, 10, 12).getTime(), now)).toMatch(/10 Mar/)
    expect(formatWhen(new Date(2024, 11, 31, 12).getTime(), now)).toMatch(/2024/)
  })
})

describe('dayAtCurrentTime', () => {
  it('keeps the time of day on the picked day', () => {
    const now = new Date(2025, 2, 15, 14, 7, 9, 5)
    expect(dayAtCurrentTime('2025-03-15', now)).toBe(now.getTime())
    expect(dayAtCurrentTime('2025-03-01', now)).toBe(new Date(2025, 2, 1, 14, 7, 9, 5).getTime())
    expect(dayAtCurrentTime('2025-02-30', now)).toBeNaN()
  })
})

describe('totalsOf (month summary)', () => {
  it('balance is income minus expenses, in whole paise', () => {
    const s = totalsOf([
      { type: 'income', amount: 5_000_000 },
      { type: 'expense', amount: 25_050 },
      { type: 'expense', amount: 120_000 },
    ])
    expect(s).toEqual({
      income: 5_000_000,
      expenses: 145_050,
      balance: 4_854_950,
      incomeCount: 1,
      expenseCount: 2,
      notConverted: 0,
    })
    expect(totalsOf([])).toEqual({
      income: 0,
      expenses: 0,
      balance: 0,
      incomeCount: 0,
      expenseCount: 0,
      notConverted: 0,
    })
  })
})

describe('categories', () => {
  it('adds custom categories before Others, once', () => {
    const merged = mergeCategories(EXPENSE_CATEGORIES, ['Pets', 'pets', ' Food & Dining ', 'Gym'])
    expect(merged.at(-1)).toBe('Others')
    expect(merged.filter((c) => c.toLowerCase() === 'pets')).toEqual(['Pets'])
    expect(merged).toContain('Gym')
    expect(merged).toHaveLength(EXPENSE_CATEGORIES.length + 2)
  })
  it('has an emoji for every category', () => {
    for (const c of EXPENSE_CATEGORIES) expect(categoryEmoji(c, 'expense')).toBeTruthy()
    expect(categoryEmoji('Pets', 'income')).toBe('💰')
  })
})

describe('sync indicator', () => {
  const base: SyncSnapshot = {
    browserOnline: true,
    serverReachable: true,
    active: false,
    pending: 0,
    lastSyncedAt: 1_700_000_000_000,
    firstDownload: null,
    storageKept: null,
  }
  it('reports offline with pending changes', () => {
    const s = { ...base, serverReachable: false, pending: 2 }
    expect(indicatorState(s)).toBe('offline')
    expect(indicatorText(s)).toBe('Offline · 2 pending')
  })
  it('is syncing while active or pending, synced otherwise', () => {
    expect(indicatorState({ ...base, active: true })).toBe('syncing')
    expect(indicatorState({ ...base, pending: 1 })).toBe('syncing')
    expect(indicatorText(base)).toBe('Synced')
  })
  it('is syncing, not synced, until a pull or push has answered since the page opened', () => {
    expect(indicatorText({ ...base, lastSyncedAt: null })).toBe('Syncing…')
    expect(indicatorText({ ...base, lastSyncedAt: null, serverReachable: false })).toBe('Offline')
  })
  it('says so when entries wait offline in a browser that may clear them, or a first download waits', () => {
    const offline = { ...base, browserOnline: false }
    expect(syncNotice({ ...offline, storageKept: false, pending: 3 })).toEqual({ kind: 'at-risk', pending: 3 })
    expect(syncNotice({ ...offline, storageKept: true, pending: 3 })).toBeNull()
    expect(syncNotice({ ...offline, storageKept: null, pending: 3 })).toBeNull()
    expect(syncNotice({ ...offline, storageKept: false, pending: 0 })).toBeNull()
    // Online, entries go up within moments: nothing to warn about.
    expect(syncNotice({ ...base, storageKept: false, pending: 3 })).toBeNull()
    expect(syncNotice({ ...offline, firstDownload: 0.02 })).toEqual({ kind: 'download-waiting' })
    expect(syncNotice({ ...base, firstDownload: 0.02 })).toBeNull()
  })
})
