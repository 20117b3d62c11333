/**
 * PhraseIndex reads a message once instead of searching it for every phrase: on the parser's own
 * keyword and merchant tables it must find what a scan of every phrase with findPhrase finds.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EXPENSE_KEYWORDS, INCOME_KEYWORDS, type KeywordTable } from '../../schema/parse/keywords'
import { MERCHANTS } from '../../schema/parse/merchants'
import { findPhrase, PhraseIndex, toWordText } from '../../schema/parse/text'
import { CORPUS } from './sms-corpus'

type Entry = readonly [phrase: string, value: string]

/**
 * The longest phrase present, the earliest of equally long ones (a phrase is where its first form,
 * singular or plural, is), the first listed of the rest.
 */
function scan(words: string, entries: readonly Entry[], plurals: boolean): string | null {
  let best: { value: string; at: number; length: number } | null = null
  for (const [phrase, value] of entries) {
    const forms = plurals ? [phrase, `${phrase}s`, `${phrase}es`] : [phrase]
    const found = forms.map((form) => findPhrase(words, form)).filter((at) => at >= 0)
    if (found.length === 0) continue
    const at = Math.min(...found)
    if (!best || phrase.length > best.length || (phrase.length === best.length && at < best.at))
      best = { value, at, length: phrase.length }
  }
  return best?.value ?? null
}

const tableEntries = (table: KeywordTable<string>): Entry[] =>
  table.flatMap(([category, keywords]) => keywords.map((k) => [k, category] as const))

const TABLES: { name: string; entries: Entry[]; plurals: boolean }[] = [
  { name: 'expense keywords', entries: tableEntries(EXPENSE_KEYWORDS), plurals: true },
  { name: 'income keywords', entries: tableEntries(INCOME_KEYWORDS), plurals: true },
  { name: 'merchant aliases', entries: MERCHANTS.flatMap((r) => r[2].map((a) => [a, r[0]] as const)), plurals: false },
]

describe('PhraseIndex', () => {
  for (const { name, entries, plurals } of TABLES) {
    const index = new PhraseIndex(entries, plurals)
    const phrases = entries.map(([phrase]) => phrase)
    const filler = fc.constantFrom('paid', 'rs', '500', 'on', 'to', 'the', 'and', 'for', 'x', 's', 'es')
    const word = fc.oneof(
      fc.constantFrom(...phrases),
      fc.constantFrom(...phrases).map((p) => `${p}s`),
      fc.constantFrom(...phrases).map((p) => `${p}es`),
      filler,
    )

    it(`finds what a scan of every phrase finds, ${name}, in corpus messages`, () => {
      for (const { text } of CORPUS) {
        const words = toWordText(text)
        expect(index.find(words)?.value ?? null, text).toBe(scan(words, entries, plurals))
      }
    })

    it(`finds what a scan of every phrase finds, ${name}, in messages made of its phrases`, () => {
      fc.assert(
        fc.property(fc.array(word, { minLength: 0, maxLength: 8 }), (ws) => {
          const words = toWordText(ws.join(' '))
          expect(index.find(words)?.value ?? null).toBe(scan(words, entries, plurals))
        }),
        { seed: 20_261_126, numRuns: 500 },
      )
    })
  }
})
