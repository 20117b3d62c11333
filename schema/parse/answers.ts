/**
 * One-word answers to a question about a message ("ok", "food", "income", "no", "recurring"),
 * the same on WhatsApp and in the app. A category word is read forgivingly ("foood", "petrl").
 */
import {
  EDIT_EXPENSE_CATEGORIES,
  EDIT_INCOME_SOURCES,
  EXPENSE_CATEGORIES,
  INCOME_SOURCES,
  OTHER_CATEGORY,
} from '../categories'
import { correctWords } from './fuzzy'
import { EXPENSE_KEYWORDS, GENERIC_EXPENSE_KEYWORDS, INCOME_KEYWORDS, type KeywordTable } from './keywords'
import { findPhrase, toWordText } from './text'

export type Answer =
  | { kind: 'confirm' }
  | { kind: 'cancel' }
  | { kind: 'recurring' }
  | { kind: 'type'; type: 'expense' | 'income' }
  | { kind: 'category'; type: 'expense' | 'income'; category: string }

const CONFIRM = ['ok', 'okay', 'k', 'yes', 'y', 'yeah', 'yep', 'haan', 'han', 'ha', 'ji', 'theek', 'thik', 'sahi']
const CONFIRM_PHRASES = [
  'ok book it',
  'book it',
  'book',
  'confirm',
  'correct',
  'right',
  'done',
  'theek hai',
  'thik hai',
]
const CANCEL = ['no', 'n', 'nahi', 'nahin', 'na', 'cancel', 'skip', 'drop', 'ignore', 'wrong', 'dont', 'mat karo']
const RECURRING = ['recurring', 'repeat', 'subscription', 'mandate', 'recurring payment', 'add recurring']
const INCOME = ['income', 'credit', 'received', 'aaya', 'aaye', 'money in', 'its income', 'it s income']
const EXPENSE = ['expense', 'debit', 'spent', 'gaya', 'gaye', 'money out', 'its expense', 'it s expense']

export interface AnswerOptions {
  userCategories?: readonly string[]
  incomeSources?: readonly string[]
}

/** A list's names as their own keywords: "bills" → Bills & Utilities, "others" → Others. */
function namesTable(names: readonly string[]): KeywordTable<string> {
  return names.map((name) => {
    const words = toWordText(name).trim()
    const first = words.split(' ')[0] ?? words
    return [name, first === words ? [words] : [words, first]] as const
  })
}

function lookup(words: string, tables: readonly KeywordTable<string>[]): string | null {
  for (const table of tables)
    for (const [category, keywords] of table) if (keywords.some((k) => findPhrase(words, k, true) >= 0)) return category
  return null
}

function categoryAnswer(words: string, options: AnswerOptions): Answer | null {
  const expense = lookup(words, [
    namesTable(options.userCategories ?? []),
    namesTable([...EXPENSE_CATEGORIES, ...EDIT_EXPENSE_CATEGORIES.filter((c) => c !== 'Other')]),
    EXPENSE_KEYWORDS,
    GENERIC_EXPENSE_KEYWORDS,
  ])
  if (expense) return { kind: 'category', type: 'expense', category: expense }
  const income = lookup(words, [
    namesTable(options.incomeSources ?? []),
    namesTable([...INCOME_SOURCES, ...EDIT_INCOME_SOURCES.filter((c) => c !== 'Other')]),
    INCOME_KEYWORDS,
  ])
  if (income) return { kind: 'category', type: 'income', category: income }
  if (findPhrase(words, 'other') >= 0) return { kind: 'category', type: 'expense', category: OTHER_CATEGORY }
  return null
}

/**
 * The answer a short reply gives, or null when it is not one (then it is a new message). An
 * income source ("salary") answers "income" and names the source at once.
 */
export function readAnswer(text: string, options: AnswerOptions = {}): Answer | null {
  const words = toWordText(text.replace(/👍|✅|✔️/gu, ' ok '))
  const phrase = words.trim()
  if (!phrase || phrase.split(' ').length > 4 || /\d/.test(phrase)) return null
  if (CONFIRM.includes(phrase) || CONFIRM_PHRASES.includes(phrase)) return { kind: 'confirm' }
  if (CANCEL.includes(phrase)) return { kind: 'cancel' }
  if (RECURRING.includes(phrase)) return { kind: 'recurring' }
  if (INCOME.includes(phrase)) return { kind: 'type', type: 'income' }
  if (EXPENSE.includes(phrase)) return { kind: 'type', type: 'expense' }
  return categoryAnswer(words, options) ?? categoryAnswer(correctWords(words).words, options)
}
