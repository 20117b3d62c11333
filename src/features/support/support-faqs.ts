/** The ten FAQ items of /support (spec part 1 §2), written for what this app does today. */
export const SUPPORT_FAQS: readonly { question: string; answer: string }[] = [
  {
    question: 'How do I add an expense?',
    answer:
      'Choose Add Expense (on a phone, the + in the middle of the bottom bar). Enter the amount and category; ' +
      'the date is today unless you change it. It is saved on your device at once and syncs when you are online.',
  },
  {
    question: 'Does the app work offline?',
    answer:
      'Yes. Once you have signed in on a device, you can add, edit and delete entries, budgets and support ' +
      'tickets with no connection. They sync when the connection returns. Signing in, signing up and changing ' +
      'your password need a connection.',
  },
  {
    question: 'How do I log expenses by WhatsApp?',
    answer:
      'In Settings → WhatsApp Integration, save your number with its country code and tap Connect WhatsApp, then ' +
      "send the join message. After that, messages like 'Spent 500 on food' get an 'Expense Added' reply and the " +
      "entry appears in the app. Send 'undo' to remove the last one.",
  },
  {
    question: 'How do budgets work?',
    answer:
      'Set a limit for a category and a period (daily, weekly, monthly, yearly or one-time) on Budgets & Goals. ' +
      'The bar turns yellow above 70% and red above 90%, and you are told when an expense crosses those marks.',
  },
  {
    question: 'How do recurring payments work?',
    answer:
      'Add rent, subscriptions or EMIs on Recurring Payments with their due date and how many days before to ' +
      'remind you. Mark Paid records the expense and moves the due date to the next period.',
  },
  {
    question: 'How do I change my currency?',
    answer:
      'Settings → Currency. Ten currencies are supported, from ₹ Indian Rupee (the default) to the UAE Dirham; ' +
      'amounts everywhere are shown in the one you choose.',
  },
  {
    question: 'How do I export or import my data?',
    answer:
      'Settings → Data Management: Export Data downloads a JSON backup, Export as CSV a spreadsheet of every ' +
      'transaction. Import Backup reads a JSON backup back in; importing the same file twice adds nothing twice. ' +
      'Reports also export a month as CSV.',
  },
  {
    question: 'How do I delete my account?',
    answer:
      'Settings → Data Management → Delete Account. Type DELETE and your password. Your account and everything ' +
      'in it are removed from our server and from the device; export a backup first if you want to keep anything.',
  },
  {
    question: 'I forgot my password. What can I do?',
    answer:
      'On the login page, choose Get Help and leave your WhatsApp number or e-mail with a short description. We ' +
      'will contact you. If you are signed in, change it in Settings → Security.',
  },
  {
    question: 'Can I install the app on my phone?',
    answer:
      "Yes. In your browser's menu choose Install app or Add to Home screen. It then opens like an app and works " +
      'offline.',
  },
]
