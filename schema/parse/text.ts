/** Text helpers of the message parser: whole-word search, forgiving spelling, safe truncation. */

/** Lowercase words separated by single spaces and padded with one, so " kw " is a whole-word test. */
export function toWordText(text: string): string {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
  return words ? ` ${words} ` : ' '
}

/** Position of a whole-word phrase (optionally plural) in word text, or -1. */
export function findPhrase(words: string, phrase: string, allowPlural = false): number {
  const variants = allowPlural ? [phrase, `${phrase}s`, `${phrase}es`] : [phrase]
  for (const v of variants) {
    const at = words.indexOf(` ${v} `)
    if (at >= 0) return at
  }
  return -1
}

export function hasAny(words: string, list: readonly string[]): boolean {
  return list.some((w) => findPhrase(words, w) >= 0)
}

/** Cut by code points so an emoji is never split in half. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : chars.slice(0, max).join('').trimEnd()
}

/** "RAHUL KUMAR" → "Rahul Kumar"; words with digits or dots (VPAs, "1mg") stay as they are. */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((w) => (/[\d@.]/.test(w) || w.length <= 1 ? w : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ')
}

/**
 * Edit distance with adjacent swaps (optimal string alignment), stopping early once it must
 * exceed `max`: "foood"→"food" is 1, "groceris"→"groceries" 1, "spnt"→"spent" 1.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prevPrev: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, prevPrev[j - 2]! + 1)
      row.push(value)
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
    prevPrev = prev
    prev = row
  }
  return prev[b.length]!
}

/** The key a merchant's history is kept under: its shown name, lowercase, single-spaced. */
export function merchantKey(merchant: string): string {
  return merchant.toLowerCase().replace(/\s+/g, ' ').trim()
}

/**
 * A regular expression matching any of `alternatives` (regex sources) as whole words: not
 * preceded or followed by a letter. Long lists stay readable, one alternative a line.
 */
export function anyOf(alternatives: readonly string[], flags = ''): RegExp {
  return new RegExp(String.raw`(?<![a-z])(?:${alternatives.join('|')})(?![a-z])`, flags)
}

/** A whole-word phrase found in word text: what it stands for, where, and how long it is. */
export interface PhraseMatch<T> {
  value: T
  at: number
  length: number
}

/**
 * Phrases (with their plural "-s"/"-es" forms) looked up word run by word run: a message is
 * scanned once, whatever the number of phrases. `find` gives the longest phrase present, the
 * earliest of equally long ones (singular or plural, wherever it comes first).
 */
export class PhraseIndex<T> {
  readonly #phrases = new Map<string, { value: T; length: number }>()
  readonly #maxWords: number

  constructor(entries: Iterable<readonly [phrase: string, value: T]>, plurals = true) {
    const list = [...entries]
    // Exact phrases first: a plural form never hides another phrase spelled that way.
    for (const [phrase, value] of list)
      if (!this.#phrases.has(phrase)) this.#phrases.set(phrase, { value, length: phrase.length })
    if (plurals)
      for (const [phrase, value] of list)
        for (const form of [`${phrase}s`, `${phrase}es`])
          if (!this.#phrases.has(form)) this.#phrases.set(form, { value, length: phrase.length })
    this.#maxWords = Math.max(1, ...list.map(([phrase]) => phrase.split(' ').length))
  }

  find(words: string): PhraseMatch<T> | null {
    const tokens = words.trim().split(' ')
    let best: PhraseMatch<T> | null = null
    let at = 1
    for (let i = 0; i < tokens.length; i++) {
      let phrase = ''
      for (let n = 0; n < this.#maxWords && i + n < tokens.length; n++) {
        phrase = n === 0 ? tokens[i]! : `${phrase} ${tokens[i + n]!}`
        const hit = this.#phrases.get(phrase)
        if (hit && (!best || hit.length > best.length)) best = { value: hit.value, at: at - 1, length: hit.length }
      }
      at += tokens[i]!.length + 1
    }
    return best
  }
}
