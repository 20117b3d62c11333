/**
 * The WhatsApp parser's word lists (English, Hindi and Hinglish as typed on phones). The logic
 * that reads them is in parser.ts; the categories they name come from schema/categories.ts.
 */
import type { ExpenseCategory, IncomeSource } from '../../../schema/categories'

export type Command = 'help' | 'undo' | 'summary' | 'budget'

export const COMMANDS: Record<string, Command> = {
  help: 'help',
  hi: 'help',
  hello: 'help',
  menu: 'help',
  undo: 'undo',
  'delete last': 'undo',
  galti: 'undo',
  summary: 'summary',
  balance: 'summary',
  report: 'summary',
  hisaab: 'summary',
  hisab: 'summary',
  budget: 'budget',
  budgets: 'budget',
}

/** Amount multipliers as powers of ten, applied by moving the decimal point (exact). */
export const MULTIPLIER_ZEROS: Record<string, number> = {
  k: 3,
  lakh: 5,
  lakhs: 5,
  lac: 5,
  lacs: 5,
  crore: 7,
  crores: 7,
  cr: 7,
}

/** A number followed by one of these is a quantity ("2 kg sabzi 120"), not the amount. */
export const QUANTITY_UNITS = [
  'kg',
  'kgs',
  'g',
  'gm',
  'gms',
  'gram',
  'grams',
  'l',
  'ltr',
  'litre',
  'litres',
  'liter',
  'liters',
  'ml',
  'km',
  'pc',
  'pcs',
  'piece',
  'pieces',
  'dozen',
  'plate',
  'plates',
  'cup',
  'cups',
  'packet',
  'packets',
  'kilo',
  'kilos',
]

/** Relative date words, longest first so "day before yesterday" is not read as "yesterday". */
export const DATE_WORDS: readonly (readonly [string, number])[] = [
  ['day before yesterday', 2],
  ['parso', 2],
  ['parson', 2],
  ['yesterday', 1],
  ['yday', 1],
  // "kal" is both yesterday and tomorrow in Hindi; spending is reported after the fact.
  ['kal', 1],
  ['today', 0],
  ['aaj', 0],
]

/** Verbs that settle the direction on their own. */
export const EXPENSE_VERBS = [
  'spent',
  'spend',
  'paid',
  'pay',
  'bought',
  'buy',
  'gave',
  'give',
  'expense',
  'debited',
  'diya',
  'diye',
  'di',
  'dala',
  'daala',
  'dali',
  'dale',
  'kharcha',
  'kharch',
  'kharche',
  'laga',
  'lage',
  'lagaye',
]
export const INCOME_VERBS = [
  'received',
  'receive',
  'recieved',
  'earned',
  'earn',
  'credited',
  'mila',
  'mile',
  'mili',
  'aaya',
  'aaye',
  'aayi',
]
/** Nouns that only ever describe money coming in ("salary 50000", "cashback 50"). */
export const INCOME_NOUNS = [
  'salary',
  'tankhwah',
  'tankha',
  'payroll',
  'income',
  'bonus',
  'stipend',
  'pension',
  'refund',
  'cashback',
  'dividend',
  'interest',
  'freelance',
  'freelancing',
]
/**
 * Weak income hints: "got 2000 from freelance" is income, but "got shoes from myntra 2000" is
 * not, so these only count when the message names no expense category.
 */
export const SOFT_INCOME_WORDS = ['got', 'from', 'se']
/** Phrases that contain an income word but are money going out. */
export const NOT_INCOME_PHRASES = ['income tax', 'salary advance']

/** Category → the words that name it; the categories are those of the default lists. */
export type KeywordTable<C extends string> = readonly (readonly [category: C, keywords: readonly string[]])[]

export const EXPENSE_KEYWORDS: KeywordTable<ExpenseCategory> = [
  [
    'Food & Dining',
    [
      'food',
      'lunch',
      'dinner',
      'breakfast',
      'brunch',
      'khana',
      'khaana',
      'nashta',
      'chai',
      'coffee',
      'tea',
      'snack',
      'snacks',
      'swiggy',
      'zomato',
      'restaurant',
      'cafe',
      'pizza',
      'biryani',
      'burger',
      'dominos',
      'mcdonalds',
      'kfc',
      'starbucks',
      'samosa',
      'meal',
      'tiffin',
      'juice',
    ],
  ],
  [
    'Transportation',
    [
      'uber',
      'ola',
      'rapido',
      'auto',
      'rickshaw',
      'cab',
      'taxi',
      'metro',
      'bus',
      'train',
      'local train',
      'train ticket',
      'petrol',
      'diesel',
      'fuel',
      'cng',
      'parking',
      'toll',
      'fastag',
    ],
  ],
  [
    'Bills & Utilities',
    [
      'electricity',
      'bijli',
      'wifi',
      'internet',
      'broadband',
      'mobile bill',
      'phone bill',
      'water bill',
      'gas bill',
      'gas cylinder',
      'cylinder',
      'lpg',
      'dth',
      'postpaid',
      'prepaid',
      'credit card bill',
    ],
  ],
  ['Rent', ['rent', 'kiraya', 'house rent']],
  [
    'Groceries',
    [
      'grocery',
      'groceries',
      'bigbasket',
      'blinkit',
      'zepto',
      'instamart',
      'dmart',
      'vegetable',
      'vegetables',
      'veggies',
      'sabzi',
      'sabji',
      'fruit',
      'fruits',
      'milk',
      'doodh',
      'kirana',
      'ration',
      'atta',
    ],
  ],
  [
    'Healthcare',
    ['medicine', 'dawai', 'dawa', 'doctor', 'hospital', 'pharmacy', 'apollo', 'medical', 'pharmeasy', '1mg', 'clinic'],
  ],
  [
    'Entertainment',
    [
      'movie',
      'netflix',
      'hotstar',
      'prime',
      'amazon prime',
      'prime video',
      'spotify',
      'concert',
      'game',
      'pvr',
      'inox',
      'bookmyshow',
    ],
  ],
  ['Education', ['school', 'college', 'course', 'tuition', 'book', 'udemy', 'coursera', 'stationery']],
  ['Travel', ['flight', 'hotel', 'trip', 'makemytrip', 'irctc', 'goibibo', 'vacation', 'holiday', 'airbnb', 'oyo']],
  ['Personal Care', ['salon', 'haircut', 'parlour', 'parlor', 'spa', 'gym', 'barber']],
  ['Shopping', ['amazon', 'flipkart', 'myntra', 'ajio', 'meesho', 'clothes', 'shoes', 'kapde']],
]

/** Words too general to beat a specific one: "restaurant bill" is food, "gym fees" personal care. */
export const GENERIC_EXPENSE_KEYWORDS: KeywordTable<ExpenseCategory> = [
  ['Bills & Utilities', ['bill', 'recharge']],
  ['Education', ['fee', 'fees']],
  ['Shopping', ['shopping']],
]

export const INCOME_KEYWORDS: KeywordTable<IncomeSource> = [
  ['Salary', ['salary', 'payroll', 'tankhwah', 'tankha', 'bonus', 'stipend']],
  ['Freelance', ['freelance', 'freelancing', 'client', 'project', 'upwork', 'fiverr']],
  ['Business', ['business', 'dhandha', 'shop', 'dukaan', 'profit']],
  ['Investment', ['dividend', 'interest', 'mutual fund', 'stock', 'stocks', 'shares', 'fd']],
  ['Rental', ['rent', 'rental', 'kiraya', 'tenant']],
  ['Gift', ['gift', 'shagun']],
  ['Refund', ['refund', 'cashback', 'reimbursement']],
]
