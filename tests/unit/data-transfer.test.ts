import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildBackup, type BackupTransactionInput } from '../../schema/backup'
import { IMPORT_MESSAGES, ledgerCsvFileName, parseBackup } from '../../schema/backup-import'
import { CSV_HEADER, transactionsCsv } from '../../schema/calc/report'
import { invertTime } from '../../schema/entities/common'
import { formatDecimal } from '../../schema/money/money'
import { mergePushedTicket } from '../../sync-server/modules/support/ticket-merge'
import type { Ticket } from '../../schema/entities/ticket'
import { descriptionPreview } from '../../src/features/support/ticket-labels'

const INR_HOME = { currency: 'INR' }

const entry = fc.record({
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
  type: fc.constantFrom('expense' as const, 'income' as const),
  amount: fc.integer({ min: 1, max: 1_000_000_000 }),
  category: fc.constantFrom('Food & Dining', 'Salary', 'Rent, "big"', '=SUM(A1)'),
  description: fc.string({ maxLength: 40 }).map((s) => s.trim()),
  date: fc.integer({ min: 0, max: 4_000_000_000_000 }),
})
const entries = fc.uniqueArray(entry, { selector: (e) => e.id, maxLength: 25 })

describe('backup import', () => {
  it('export then import gives back every record with its id (as import key), amount, category and date', () => {
    fc.assert(
      fc.property(entries, (list: BackupTransactionInput[]) => {
        fc.pre(list.length > 0)
        const backup = buildBackup(list, [], 0)
        const parsed = parseBackup(JSON.stringify(backup))
        expect(parsed.ok).toBe(true)
        if (!parsed.ok) return
        const byId = new Map(parsed.transactions.map((t) => [t.importKey, t]))
        expect(byId.size).toBe(list.length)
        for (const e of list) {
          const t = byId.get(e.id)!
          expect([t.type, t.amount, t.category, t.description, t.date]).toEqual([
            e.type,
            e.amount,
            e.category,
            e.description,
            e.date,
          ])
          expect(t.dateDesc).toBe(invertTime(e.date))
        }
      }),
    )
  })

  it('importing the same file twice yields the same import keys, even for records without ids', () => {
    const text = JSON.stringify({
      version: '1.0.0',
      expenses: [{ amount: 250.5, category: 'Food', description: 'tea', date: '2026-01-02T10:00:00.000Z' }],
      income: [{ id: 7, amount: '1000', source: 'Salary', date: '2026-01-01T00:00:00.000Z' }],
      budgets: [{ category: 'Food', amount: 5000, period: 'monthly' }],
    })
    const a = parseBackup(text)
    const b = parseBackup(text)
    expect(a).toEqual(b)
    if (!a.ok) throw new Error('should parse')
    expect(a.transactions.map((t) => t.amount)).toEqual([25050, 100000])
    expect(a.transactions[1]!.importKey).toBe('7')
    expect(a.budgets[0]!.amount).toBe(500000)
  })

  it.each([
    ['not json', IMPORT_MESSAGES.notJson],
    // Any JSON that is not a backup (another app's export, a settings file) says what was expected.
    ['[]', IMPORT_MESSAGES.notBackup],
    ['{}', IMPORT_MESSAGES.notBackup],
    ['{"name":"Asha","expenses":[]}', IMPORT_MESSAGES.notBackup],
    ['{"version":5}', IMPORT_MESSAGES.notBackup],
    ['"hello"', IMPORT_MESSAGES.notBackup],
    [JSON.stringify({ version: '1.0.0' }), IMPORT_MESSAGES.empty],
    [JSON.stringify({ version: '1.0.0', expenses: 'none' }), `${IMPORT_MESSAGES.invalid}: "expenses" must be a list`],
    [
      JSON.stringify({ version: '1.0.0', expenses: [{ amount: -5, category: 'x', date: '2026-01-01' }] }),
      `${IMPORT_MESSAGES.invalid}: in expense 1, amount must be a number above zero`,
    ],
    [
      JSON.stringify({ version: '1.0.0', expenses: [{ amount: 5, category: 'x', date: '2026-01-01' }, 7] }),
      `${IMPORT_MESSAGES.invalid}: expense 2 is not a record`,
    ],
    [
      JSON.stringify({ version: '1.0.0', expenses: [{ amount: 5, category: 'x', date: 'yesterday' }] }),
      `${IMPORT_MESSAGES.invalid}: in expense 1, date must be an ISO date`,
    ],
    [
      JSON.stringify({ version: '1.0.0', income: [{ amount: 5, date: '2026-01-01' }] }),
      `${IMPORT_MESSAGES.invalid}: in income entry 1, source is missing`,
    ],
    [
      JSON.stringify({ version: '1.0.0', income: [{ amount: 5, source: 5, date: '2026-01-01' }] }),
      `${IMPORT_MESSAGES.invalid}: in income entry 1, source is not valid`,
    ],
    [
      JSON.stringify({ version: '1.0.0', budgets: [{ category: 'Rent', amount: 5, period: 'fortnightly' }] }),
      `${IMPORT_MESSAGES.invalid}: in budget 1, period is not valid`,
    ],
    [
      JSON.stringify({ version: '1.0.0', expenses: [{ amount: 10_000_001, category: 'x', date: '2026-01-01' }] }),
      `${IMPORT_MESSAGES.invalid}: an amount is above the maximum`,
    ],
  ])('refuses %j with a clear message', (text, message) => {
    expect(parseBackup(text)).toEqual({ ok: false, error: message })
  })
})

/** RFC 4180 reader for the test: fields, quoted fields with doubled quotes, CRLF rows. */
function readCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i += 1
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i += 1
    } else field += c
  }
  return rows
}

describe('CSV export', () => {
  it('one row per transaction, every amount exact, formulas neutralised', () => {
    fc.assert(
      fc.property(entries, (list) => {
        const csv = transactionsCsv(list, INR_HOME)
        expect(csv.startsWith('\uFEFF')).toBe(true)
        const rows = readCsv(csv.slice(1))
        expect(rows).toHaveLength(list.length + 1)
        expect(rows[0]).toEqual([...CSV_HEADER, 'Amount (INR)'])
        const amounts = rows
          .slice(1)
          .map((r) => r[4])
          .sort()
        expect(amounts).toEqual(list.map((e) => formatDecimal(e.amount)).sort())
        for (const r of rows.slice(1)) expect(r[2]!.startsWith('=')).toBe(false)
      }),
    )
  })

  // Characters a spreadsheet may skip before a formula, the formula starters, and ordinary text.
  const risky = fc.string({
    unit: fc.constantFrom(' ', '\t', '\r', '\n', '\u00a0', '\u3000', '=', '+', '-', '@', '＝', '＋', '－', '＠'),
    maxLength: 6,
  })
  const cellText = fc.tuple(risky, fc.string({ maxLength: 12 })).map(([lead, rest]) => lead + rest)
  const FORMULA_START = /^[=+\-@＝＋－＠]/

  it('no cell starts with a formula character, leading whitespace skipped, unless neutralised; each reads back', () => {
    fc.assert(
      fc.property(fc.array(cellText, { minLength: 1, maxLength: 4 }), (texts) => {
        const list = texts.map((text, i) => ({
          id: `e${i}`,
          type: 'expense' as const,
          amount: 100 + i,
          category: text.trim() || 'x',
          description: text,
          date: i,
        }))
        const rows = readCsv(transactionsCsv(list, INR_HOME).slice(1)).slice(1)
        expect(rows).toHaveLength(texts.length)
        rows.forEach((row, i) => {
          const cells: [string, string][] = [
            [row[2]!, list[i]!.category],
            [row[3]!, list[i]!.description],
          ]
          for (const [cell, text] of cells) {
            // Read back as written, or with the one apostrophe that makes it text.
            expect([text, `'${text}`]).toContain(cell)
            expect(cell.startsWith("'") || !FORMULA_START.test(cell.replace(/^\s+/, ''))).toBe(true)
            expect(cell.startsWith("'") || !/^[\t\r]/.test(cell)).toBe(true)
          }
        })
      }),
      { numRuns: 300, examples: [[[' =1+1']], [['\n@SUM(A1)']], [['\r\n-2']]] },
    )
  })

  it('names the file with the local date', () => {
    expect(ledgerCsvFileName(new Date(2026, 10, 3).getTime())).toBe('hisaab-transactions-2026-11-03.csv')
  })
})

describe('ticket thread merge (server)', () => {
  const base: Ticket = {
    id: 't1',
    ownerId: 'u1',
    updatedAt: 10,
    ticketNumber: 'TKT-000001',
    subject: 'S',
    description: 'D',
    category: 'bug',
    priority: 'medium',
    status: 'open',
    messages: [],
    createdAt: 1,
  }
  const msg = fc.record({
    id: fc.stringMatching(/^m[0-9]{1,3}$/),
    authorId: fc.constantFrom('u1', 'admin1'),
    authorRole: fc.constantFrom('user' as const, 'admin' as const),
    body: fc.constant('x'),
    at: fc.integer({ min: 0, max: 1000 }),
  })
  it('keeps every server message, adds only the owner’s new user messages, sorted by time, no duplicate ids', () => {
    return fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(msg, { selector: (m) => m.id }),
        fc.uniqueArray(msg, { selector: (m) => m.id }),
        async (server, device) => {
          const merged = await mergePushedTicket(
            { ...base, messages: server },
            { ...base, messages: device, status: 'closed', ticketNumber: 'X' },
            { ownerId: 'u1', nextNumber: () => Promise.resolve(99) },
          )
          const ids = merged.messages.map((m) => m.id)
          expect(new Set(ids).size).toBe(ids.length)
          for (const m of server) expect(merged.messages).toContainEqual(m)
          const added = merged.messages.filter((m) => !server.some((s) => s.id === m.id))
          expect(added.every((m) => m.authorRole === 'user' && m.authorId === 'u1')).toBe(true)
          const times = merged.messages.map((m) => m.at)
          expect(times).toEqual([...times].sort((a, b) => a - b))
          expect(merged.ticketNumber).toBe('TKT-000001')
          expect(merged.status).toBe('open')
        },
      ),
    )
  })
})

describe('ticket list preview', () => {
  it('keeps at most 100 characters, marking a cut', () => {
    expect(descriptionPreview('a'.repeat(100))).toBe('a'.repeat(100))
    expect(descriptionPreview('a'.repeat(101))).toBe(`${'a'.repeat(100)}…`)
    expect(descriptionPreview('₹'.repeat(150))).toHaveLength(101)
  })
})
