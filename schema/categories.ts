/**
 * Category lists of the add screens (spec part 1 §3). Plain strings, user-extendable. 'Rent' is
 * ours: "Paid 1000 for rent" over WhatsApp files under it, so it must be pickable by hand too.
 * 'Cash Withdrawal' is ours too: cash taken from an ATM or the bank is money out of the account,
 * never income, and a forwarded "withdrawn at ATM" SMS files under it.
 */
export const EXPENSE_CATEGORIES = [
  'Food & Dining',
  'Transportation',
  'Shopping',
  'Entertainment',
  'Bills & Utilities',
  'Rent',
  'Healthcare',
  'Education',
  'Travel',
  'Personal Care',
  'Cash Withdrawal',
  'Others',
] as const

export const INCOME_SOURCES = [
  'Salary',
  'Freelance',
  'Business',
  'Investment',
  'Rental',
  'Gift',
  'Refund',
  'Others',
] as const

/** The edit dialog's lists (spec part 1 §3): they differ from the add screens' on purpose. */
export const EDIT_EXPENSE_CATEGORIES = [
  'Food & Dining',
  'Transport',
  'Shopping',
  'Bills & Utilities',
  'Rent',
  'Entertainment',
  'Health & Fitness',
  'Education',
  'Travel',
  'Groceries',
  'Personal Care',
  'Cash Withdrawal',
  'Other',
] as const

export const EDIT_INCOME_SOURCES = ['Salary', 'Freelance', 'Business', 'Investment', 'Gift', 'Refund', 'Other'] as const

/** A category of any default expense list (what the WhatsApp parser may file under). */
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number] | (typeof EDIT_EXPENSE_CATEGORIES)[number]
/** A source of any default income list. */
export type IncomeSource = (typeof INCOME_SOURCES)[number] | (typeof EDIT_INCOME_SOURCES)[number]

/** The choice that reveals a free-text field. */
export const OTHER_CATEGORY = 'Others' satisfies ExpenseCategory & IncomeSource

const EMOJI: Record<string, string> = {
  'food & dining': '🍽️',
  food: '🍽️',
  groceries: '🛒',
  transportation: '🚗',
  transport: '🚗',
  shopping: '🛍️',
  entertainment: '🎬',
  'bills & utilities': '💡',
  rent: '🏠',
  healthcare: '🏥',
  'health & fitness': '💪',
  education: '📚',
  travel: '✈️',
  'personal care': '💅',
  'cash withdrawal': '🏧',
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

export type CategoryList = 'add' | 'edit'

/**
 * The options of a category (expense) or source (income) select, for the add screens
 * (`list: 'add'`) and the edit dialog (`list: 'edit'`): the spec's defaults plus the user's own
 * categories (expenses only), plus `current` when the entry being edited carries a value none of
 * those lists has, so editing never silently changes it. No duplicates (case-insensitive);
 * 'Others'/'Other' stays last.
 */
export function categoryOptions(
  type: 'expense' | 'income',
  list: CategoryList,
  custom: readonly string[] = [],
  current?: string,
): string[] {
  const defaults: readonly string[] =
    type === 'expense'
      ? list === 'add'
        ? EXPENSE_CATEGORIES
        : EDIT_EXPENSE_CATEGORIES
      : list === 'add'
        ? INCOME_SOURCES
        : EDIT_INCOME_SOURCES
  const own = type === 'expense' ? custom : []
  const catchAll = defaults.find((c) => CATCH_ALL.has(c))
  const head = defaults.filter((c) => c !== catchAll)
  const merged = mergeCategories(head, current ? [...own, current] : own)
  if (!catchAll) return merged
  return [...merged.filter((c) => c.toLowerCase() !== catchAll.toLowerCase()), catchAll]
}

/** The lists' last, catch-all entry. */
const CATCH_ALL = new Set(['Others', 'Other'])
