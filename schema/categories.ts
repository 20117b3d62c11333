/** Category lists of the add screens (spec part 1 §3). Plain strings, user-extendable. */
export const EXPENSE_CATEGORIES = [
  'Food & Dining',
  'Transportation',
  'Shopping',
  'Entertainment',
  'Bills & Utilities',
  'Healthcare',
  'Education',
  'Travel',
  'Personal Care',
  'Others',
] as const

export const INCOME_SOURCES = ['Salary', 'Freelance', 'Business', 'Investment', 'Rental', 'Gift', 'Refund', 'Others'] as const

/** The choice that reveals a free-text field. */
export const OTHER_CATEGORY = 'Others'

const EMOJI: Record<string, string> = {
  'food & dining': '🍽️',
  food: '🍽️',
  groceries: '🛒',
  transportation: '🚗',
  transport: '🚗',
  shopping: '🛍️',
  entertainment: '🎬',
  'bills & utilities': '💡',
  healthcare: '🏥',
  'health & fitness': '💪',
  education: '📚',
  travel: '✈️',
  'personal care': '💅',
  salary: '💼',
  freelance: '💻',
  business: '🏢',
  investment: '📈',
  rental: '🏠',
  gift: '🎁',
  refund: '↩️',
}

/** An emoji for a category or income source; unknown (custom) ones get a generic mark by type. */
export function categoryEmoji(category: string, type: 'expense' | 'income'): string {
  return EMOJI[category.trim().toLowerCase()] ?? (type === 'income' ? '💰' : '💸')
}

/**
 * The list offered in a category select: the defaults with the user's own categories inserted
 * before 'Others' (which stays last), without duplicates (case-insensitive).
 */
export function mergeCategories(defaults: readonly string[], custom: readonly string[]): string[] {
  const seen = new Set(defaults.map((c) => c.toLowerCase()))
  const extra: string[] = []
  for (const c of custom) {
    const name = c.trim()
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase())
      extra.push(name)
    }
  }
  const head = defaults.filter((c) => c !== OTHER_CATEGORY)
  const tail = defaults.includes(OTHER_CATEGORY) ? [OTHER_CATEGORY] : []
  return [...head, ...extra, ...tail]
}
