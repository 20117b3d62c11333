/** Where the widget's ticket actions go (spec part 1 §2). */
export const NEW_TICKET_PATH = '/support/tickets/new'
export const MY_TICKETS_PATH = '/support/tickets'
export const SUPPORT_EMAIL = 'support@hisaab.app'

export interface HelpFaq {
  id: 'add-expense' | 'change-currency' | 'link-whatsapp' | 'change-password' | 'export-json'
  question: string
  /** The answer as short steps, read in order. */
  steps: readonly string[]
}

/** The widget's five quick-help answers (spec part 1 §2), written for this app. */
export const HELP_FAQS: readonly HelpFaq[] = [
  {
    id: 'add-expense',
    question: 'How do I add an expense?',
    steps: [
      'Choose Add Expense in the menu. On a phone, tap the + button in the middle of the bottom bar, then Add Expense.',
      'Enter the amount and pick a category. Choose Others to type your own category; it is kept for next time.',
      'The date is today unless you change it. A description is optional.',
      'Tap Add Expense. It is saved on this device at once, even offline, and syncs to your account when you are ' +
        'back online.',
    ],
  },
  {
    id: 'change-currency',
    question: 'How do I change my currency?',
    steps: [
      'Open Settings and choose the Currency section.',
      'Pick one of the ten supported currencies, for example ₹ Indian Rupee (the default), $ US Dollar, € Euro, ' +
        '£ British Pound or د.إ UAE Dirham.',
      'Amounts across the app are then shown in that currency.',
    ],
  },
  {
    id: 'link-whatsapp',
    question: 'How do I link WhatsApp?',
    steps: [
      'Open Settings and choose WhatsApp Integration. Save your WhatsApp number there with its country code.',
      'Tap Connect WhatsApp and send the join message that opens in WhatsApp.',
      "Then log spending by message, like 'Spent 500 on food', 'Paid 1000 for rent' or '300 groceries'. You get " +
        "an 'Expense Added' reply and the entry appears in the app.",
    ],
  },
  {
    id: 'change-password',
    question: 'How do I change my password?',
    steps: [
      'Open Settings and choose Security.',
      'Enter your current password, then the new one twice. It needs at least 6 characters.',
      'Changing your password needs an internet connection.',
    ],
  },
  {
    id: 'export-json',
    question: 'How do I export my data as JSON?',
    steps: [
      'Open Settings and choose Data Management.',
      'Tap Export Data. A JSON backup named with today’s date downloads to your device.',
      'It holds all your expenses and income, the export date and the format version (1.0.0).',
    ],
  },
]
