import { describe, expect, it } from 'vitest'
import { BACKUP_VERSION, backupFileName, buildBackup, previewList } from '../../schema/backup'
import { normalizePhone, SETTINGS_COUNTRY_CODES, splitPhoneNumber } from '../../schema/phone'

describe('splitPhoneNumber (spec part 1 §5)', () => {
  it.each([
    ['whatsapp:+919876543210', { code: '91', number: '9876543210' }],
    ['whatsapp:+14155550123', { code: '1', number: '4155550123' }],
    ['whatsapp:+447911123456', { code: '44', number: '7911123456' }],
    ['whatsapp:+9715012345678', { code: '971', number: '5012345678' }],
    ['whatsapp:+9665012345678', { code: '966', number: '5012345678' }],
    ['+91 98765 43210', { code: '91', number: '9876543210' }],
    ['9876543210', { code: '91', number: '9876543210' }],
    // A 10-digit number that starts with an offered code has too short a remainder: it is Indian.
    ['9112345678', { code: '91', number: '9112345678' }],
    ['4412345678', { code: '91', number: '4412345678' }],
  ] as const)('%s → +%o', (stored, expected) => {
    expect(splitPhoneNumber(stored)).toEqual(expected)
  })

  // A 9-digit remainder after 971 is too short for the rule (the spec's 10-digit minimum).
  it.each([null, undefined, '', 'whatsapp:', '12345', 'whatsapp:+6581234567890', 'whatsapp:+971501234567'])(
    '%s has no split',
    (stored) => {
      expect(splitPhoneNumber(stored)).toBeNull()
    },
  )

  it('round-trips every offered code through the stored form', () => {
    for (const { code } of SETTINGS_COUNTRY_CODES) {
      const stored = normalizePhone(`${code}9876543210`)
      expect(stored).toBe(`whatsapp:+${code}9876543210`)
      expect(splitPhoneNumber(stored)).toEqual({ code, number: '9876543210' })
    }
  })
})

describe('buildBackup', () => {
  const tx = (id: string, type: 'expense' | 'income', amount: number, date: number, category = 'Food & Dining') => ({
    id,
    type,
    amount,
    category,
    description: `d-${id}`,
    date,
  })

  it('splits expenses and income, oldest first, with exact decimal amounts', () => {
    const backup = buildBackup(
      [
        tx('b', 'expense', 50050, 2_000),
        tx('a', 'expense', 12345, 1_000),
        tx('s', 'income', 5_000_000, 1_500, 'Salary'),
        tx('c', 'expense', 1, 3_000),
      ],
      [{ id: 'bud', category: 'Travel', amount: 250000, period: 'monthly', createdAt: 10 }],
      Date.UTC(2026, 10, 21, 12),
    )
    expect(backup.version).toBe(BACKUP_VERSION)
    expect(backup.version).toBe('1.0.0')
    expect(backup.exportDate).toBe('2026-11-21T12:00:00.000Z')
    expect(backup.expenses.map((e) => [e.id, e.amount])).toEqual([
      ['a', 123.45],
      ['b', 500.5],
      ['c', 0.01],
    ])
    expect(backup.income).toEqual([
      { id: 's', amount: 50000, source: 'Salary', description: 'd-s', date: new Date(1_500).toISOString() },
    ])
    expect(backup.budgets).toEqual([
      { id: 'bud', category: 'Travel', amount: 2500, period: 'monthly', created_at: new Date(10).toISOString() },
    ])
  })

  it('keeps every entry: the decimal totals equal the paise totals', () => {
    const entries = Array.from({ length: 200 }, (_, i) =>
      tx(`t${i}`, i % 3 ? 'expense' : 'income', ((i * 7919) % 100_000) + 1, i),
    )
    const backup = buildBackup(entries, [], 0)
    expect(backup.expenses.length + backup.income.length).toBe(entries.length)
    const paise = entries.filter((t) => t.type === 'expense').reduce((s, t) => s + t.amount, 0)
    expect(Math.round(backup.expenses.reduce((s, e) => s + e.amount * 100, 0))).toBe(paise)
  })

  it('names the file with the local date', () => {
    expect(backupFileName(new Date(2026, 10, 21, 23, 59).getTime())).toBe('hisaab-backup-2026-11-21.json')
    expect(backupFileName(new Date(2027, 0, 5).getTime())).toBe('hisaab-backup-2027-01-05.json')
  })
})

describe('previewList', () => {
  it('shows the first six and counts the rest', () => {
    expect(previewList(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])).toEqual({
      shown: ['a', 'b', 'c', 'd', 'e', 'f'],
      more: 2,
    })
    expect(previewList(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 })
  })
})
