/**
 * Forgiving spelling for typed messages: "spnt 500 on foood", "groceris 850", "petrl 1000",
 * "Salery 60000 credited". A word the parser does not know is replaced by the one known word
 * it is a single slip away from (two for long words), when the first letter agrees and no other
 * known word is as close. Bank messages are machine-written and never corrected.
 */
import { MERCHANTS } from './merchants'
import {
  CASH_WORDS,
  EXPENSE_KEYWORDS,
  EXPENSE_VERBS,
  GENERIC_EXPENSE_KEYWORDS,
  INCOME_KEYWORDS,
  INCOME_NOUNS,
  INCOME_VERBS,
  NOT_ITEM_WORDS,
} from './keywords'
import { editDistance } from './text'

/** Common words one slip away from a known one ("foot" → food, "tool" → toll): never corrected. */
const LEAVE_ALONE = [
  'foot',
  'fool',
  'ford',
  'ball',
  'bell',
  'boot',
  'boots',
  'chair',
  'feel',
  'full',
  'tool',
  'tools',
  'move',
  'price',
  'miss',
  'less',
  'feet',
  'form',
  'pain',
  'pair',
  'said',
  'have',
  'this',
  'that',
  'with',
  'will',
  'were',
  'them',
  'then',
  'than',
  'what',
  'when',
  'your',
  'just',
  'also',
  'some',
  'more',
  'much',
  'many',
  'very',
  'good',
  'nice',
  'done',
  'gone',
  'here',
  'there',
  'week',
  'month',
  'year',
  'time',
  'last',
  'next',
  'each',
  'only',
  'same',
  'back',
  'home',
  'work',
  'wife',
  'kids',
  'papa',
  'mummy',
  'bhai',
  'didi',
  'friend',
  'friends',
  'hello',
  'thanks',
  'okay',
  'total',
  'dear',
  'bank',
  'date',
  'info',
  'mobile',
  'money',
  'cash',
  'card',
  'paise',
  'rupee',
  'rupees',
  'kharid',
  'liya',
  'liye',
  'diya',
  'wala',
  'wali',
  'wale',
  'kiya',
  'kiye',
  'gaya',
  'gaye',
  'hogaya',
  'tha',
  'thi',
  'from',
  'into',
  'onto',
  'upon',
  'sent',
  'rent',
  'went',
  'want',
  'shop',
  'ship',
  'shot',
  'game',
  'gate',
  'gave',
  'give',
  'mile',
  'mila',
  'mili',
  'milk',
  'mall',
  'bill',
  'book',
  'cook',
  'look',
  'took',
  'tank',
]

function vocabulary(): string[] {
  const words = new Set<string>()
  const add = (phrase: string) => {
    for (const w of phrase.split(' ')) if (/^\p{L}{4,}$/u.test(w)) words.add(w)
  }
  for (const list of [EXPENSE_VERBS, INCOME_VERBS, INCOME_NOUNS, CASH_WORDS]) list.forEach(add)
  for (const [, keywords] of [...EXPENSE_KEYWORDS, ...GENERIC_EXPENSE_KEYWORDS, ...INCOME_KEYWORDS])
    keywords.forEach(add)
  for (const [, , aliases] of MERCHANTS) aliases.forEach(add)
  return [...words]
}

/** Known words by first letter. */
const KNOWN = new Map<string, string[]>()
for (const word of vocabulary()) KNOWN.set(word[0]!, [...(KNOWN.get(word[0]!) ?? []), word])
const EXACT = new Set<string>([...[...KNOWN.values()].flat(), ...LEAVE_ALONE, ...NOT_ITEM_WORDS])

/** The known word `word` is most likely a slip of, or null. */
function correction(word: string): string | null {
  if (word.length < 4 || EXACT.has(word) || !/^\p{L}+$/u.test(word)) return null
  const max = word.length >= 8 ? 2 : 1
  let best: string | null = null
  let bestDistance = max + 1
  let tie = false
  for (const known of KNOWN.get(word[0]!) ?? []) {
    // "maid" is not a slip of "maida": a whole word that starts another is a word of its own.
    if (known.startsWith(word)) continue
    const d = editDistance(word, known, max)
    if (d < bestDistance) [best, bestDistance, tie] = [known, d, false]
    else if (d === bestDistance && known !== best) tie = true
  }
  return best && !tie ? best : null
}

/** Word text (" a b c ") with each slip replaced by the known word; unchanged words stay. */
export function correctWords(words: string): { words: string; corrected: boolean } {
  let corrected = false
  const fixed = words
    .trim()
    .split(' ')
    .map((w) => {
      const c = correction(w)
      if (c) corrected = true
      return c ?? w
    })
    .join(' ')
  return { words: fixed ? ` ${fixed} ` : ' ', corrected }
}
