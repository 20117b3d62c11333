/**
 * The message corpus as a table test: every bank, UPI app, card and typed message is read and
 * compared with what a careful person would book. Accuracy per field is printed per source and
 * per kind (all must be right for the test to pass; the table shows where a change broke things).
 */
import { afterAll, describe, expect, it } from 'vitest'
import { toDayString } from '../../schema/time'
import { readMessage, resolveEntryDate, type MessageReading } from '../../schema/parse/message'
import { CORPUS } from './sms-corpus'
import { NOW, type CorpusCase } from './sms-corpus/types'

const FIELDS = ['kind', 'amount', 'type', 'category', 'date', 'merchant', 'ask'] as const
type Field = (typeof FIELDS)[number]
type Outcome = Record<Field, boolean>

/** What the reading got right, field by field (a notice is all or nothing). */
function judge(c: CorpusCase, r: MessageReading): Outcome {
  const expected = c.expected
  if ('notice' in expected) {
    const ok = r.kind === 'notice' && r.notice === expected.notice
    return Object.fromEntries(FIELDS.map((f) => [f, ok])) as Outcome
  }
  if (r.kind !== 'entry') return Object.fromEntries(FIELDS.map((f) => [f, false])) as Outcome
  return {
    kind: true,
    amount: r.amount === expected.amount,
    type: r.type === expected.type,
    category: r.category === expected.category,
    date: toDayString(resolveEntryDate(r.date, NOW)) === expected.date,
    merchant: (r.merchant ?? null) === expected.merchant,
    ask: [...r.doubts].sort().join() === [...expected.ask].sort().join(),
  }
}

/** The reading reduced to the expected shape, for a readable failure. */
function actual(c: CorpusCase, r: MessageReading): unknown {
  if ('notice' in c.expected || r.kind !== 'entry') return r.kind === 'notice' ? { notice: r.notice } : r
  return {
    type: r.type,
    amount: r.amount,
    date: toDayString(resolveEntryDate(r.date, NOW)),
    merchant: r.merchant ?? null,
    category: r.category,
    ask: r.doubts,
  }
}

const results: { c: CorpusCase; outcome: Outcome }[] = []

describe('message corpus', () => {
  it('holds at least 200 distinct messages', () => {
    expect(new Set(CORPUS.map((c) => c.text)).size).toBe(CORPUS.length)
    expect(CORPUS.length).toBeGreaterThanOrEqual(200)
  })

  it.each(CORPUS.map((c) => [`${c.source} · ${c.kind}: ${c.text.slice(0, 70)}`, c] as const))('%s', (_name, c) => {
    const reading = readMessage(c.text)
    results.push({ c, outcome: judge(c, reading) })
    expect(actual(c, reading)).toEqual(c.expected)
  })

  it('names the bank, app or card that wrote an entry, when the message says', () => {
    const wrong = CORPUS.flatMap((c) => {
      const r = readMessage(c.text)
      // Some alerts never name their bank ("Rs.2000.00 debited from A/c **4821 …"): then none.
      if (c.source === 'Typed' || r.kind !== 'entry' || r.source === undefined) return []
      return r.source === c.source ? [] : [`${c.source}: ${r.source} in ${c.text.slice(0, 50)}`]
    })
    expect(wrong).toEqual([])
  })

  afterAll(() => {
    if (results.length === 0) return
    const lines = [
      ...table('source', results, (r) => r.c.source),
      '',
      ...table('kind', results, (r) => r.c.kind),
      '',
      ...table('all', results, () => 'all messages'),
    ]
    console.log(`\nMessage corpus accuracy (${results.length} messages)\n${lines.join('\n')}`)
  })
})

function table(title: string, rows: typeof results, group: (r: (typeof results)[number]) => string): string[] {
  const groups = new Map<string, typeof results>()
  for (const row of rows) groups.set(group(row), [...(groups.get(group(row)) ?? []), row])
  const head = `${title.padEnd(22)} ${'n'.padStart(4)} ${FIELDS.map((f) => f.padStart(9)).join('')}  all right`
  const body = [...groups.entries()].map(([name, list]) => {
    const pct = (f: Field) => `${Math.round((100 * list.filter((r) => r.outcome[f]).length) / list.length)}%`
    const whole = list.filter((r) => FIELDS.every((f) => r.outcome[f])).length
    const cells = FIELDS.map((f) => pct(f).padStart(9)).join('')
    return `${name.padEnd(22)} ${String(list.length).padStart(4)} ${cells}  ${whole}/${list.length}`
  })
  return [head, ...body]
}
