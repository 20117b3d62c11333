import { z } from 'zod'
import { isWholeIn } from '../entities/entry-currency'
import { maxAmountOf, TRANSACTION_TYPES, type TransactionType } from '../entities/transaction'
import { isRate, type Rate } from '../money/currency'
import { CURRENCY_CODES, type Paise } from '../money/money'
import { fail, isBlank, MAX_CATEGORY_CHARS, MAX_NOTE_CHARS, RULE_MESSAGES, tooLong, type Refused } from './rules'

/**
 * The one set of rules for an expense or income, shared by the add form, the edit dialog and the
 * REST API. A rule names its message by key (Spliit's `expenseFormSchema` style); the texts are
 * the spec's (part 1 §5).
 */
export const TRANSACTION_MESSAGES = {
  amountInvalid: '⚠️ Please enter a valid amount!',
  amountPositive: '⚠️ Amount must be greater than zero!',
  expenseTooLarge: '⚠️ Amount seems too large. Maximum allowed is 10,000,000. Please check for typos.',
  incomeTooLarge: '⚠️ Amount seems too large. Maximum allowed is 100,000,000. Please check for typos.',
  categoryRequired: '⚠️ Please select a category!',
  sourceRequired: '⚠️ Please select an income source!',
  categoryTooLong: RULE_MESSAGES.categoryTooLong,
  sourceTooLong: tooLong('Source', MAX_CATEGORY_CHARS),
  customCategoryRequired: '⚠️ Please enter a custom category!',
  dateInvalid: '⚠️ Please enter a valid date!',
  datePast: '⚠️ Date cannot be more than 5 years in the past!',
  dateFuture: '⚠️ Date cannot be more than 1 year in the future!',
  descriptionTooLong: tooLong('Description', MAX_NOTE_CHARS),
  currencyInvalid: '⚠️ Please select a supported currency!',
  rateInvalid: '⚠️ Please enter a valid rate (a number above zero, at most 10 digits)!',
} as const
export type TransactionMessageKey = keyof typeof TRANSACTION_MESSAGES

/**
 * What a form or a REST body holds before any rule: `amount` is null when missing or unreadable,
 * `date` NaN when unreadable. `customCategory` is present only when the add form's 'Others' was
 * picked: it is then the name typed beside it (and becomes the category).
 */
const AnyNumber = z.custom<number>((v) => typeof v === 'number', 'Expected a number')

export const TransactionDraft = z.object({
  type: z.enum(TRANSACTION_TYPES),
  amount: AnyNumber.nullable(),
  category: z.string().nullable(),
  customCategory: z.string().optional(),
  // Any number: NaN and Infinity are refused by the rules, with their own message.
  date: AnyNumber,
  description: z.string().optional(),
  /** The entry's currency; absent: the home currency as before (REST bodies that name none). */
  currency: z.string().optional(),
  /** The rate to the home currency; null: not converted; NaN: unreadable (refused by the rules). */
  fxRate: AnyNumber.nullable().optional(),
})
export type TransactionDraft = z.infer<typeof TransactionDraft>

export type TransactionField = 'amount' | 'category' | 'customCategory' | 'date' | 'description' | 'currency' | 'fxRate'

interface Rule {
  field: TransactionField
  key: TransactionMessageKey
  /** True when the draft breaks the rule; earlier rules of the same field have passed. */
  broken: (draft: TransactionDraft, window: DateWindow) => boolean
}

interface DateWindow {
  earliest: number
  latest: number
}

const label = (d: TransactionDraft) => (d.category ?? '').trim()
const knownCurrency = (code: string | undefined) => code !== undefined && CURRENCY_CODES.includes(code)

/** In order: the first broken rule is the one reported (amount, category, custom, date, note). */
export const TRANSACTION_RULES: readonly Rule[] = [
  { field: 'amount', key: 'amountInvalid', broken: (d) => d.amount === null || !Number.isFinite(d.amount) },
  { field: 'amount', key: 'amountPositive', broken: (d) => d.amount! <= 0 },
  {
    field: 'amount',
    key: 'expenseTooLarge',
    broken: (d) => d.type === 'expense' && d.amount! > maxAmountOf('expense'),
  },
  { field: 'amount', key: 'incomeTooLarge', broken: (d) => d.type === 'income' && d.amount! > maxAmountOf('income') },
  { field: 'category', key: 'categoryRequired', broken: (d) => d.type === 'expense' && label(d) === '' },
  { field: 'category', key: 'sourceRequired', broken: (d) => d.type === 'income' && label(d) === '' },
  {
    field: 'category',
    key: 'categoryTooLong',
    broken: (d) => d.type === 'expense' && label(d).length > MAX_CATEGORY_CHARS,
  },
  {
    field: 'category',
    key: 'sourceTooLong',
    broken: (d) => d.type === 'income' && label(d).length > MAX_CATEGORY_CHARS,
  },
  {
    field: 'customCategory',
    key: 'customCategoryRequired',
    broken: (d) => d.customCategory !== undefined && isBlank(d.customCategory),
  },
  {
    field: 'customCategory',
    key: 'categoryTooLong',
    broken: (d) => (d.customCategory ?? '').trim().length > MAX_CATEGORY_CHARS,
  },
  { field: 'date', key: 'dateInvalid', broken: (d) => !Number.isFinite(d.date) },
  { field: 'date', key: 'datePast', broken: (d, w) => d.date < w.earliest },
  { field: 'date', key: 'dateFuture', broken: (d, w) => d.date > w.latest },
  {
    field: 'description',
    key: 'descriptionTooLong',
    broken: (d) => (d.description ?? '').trim().length > MAX_NOTE_CHARS,
  },
  { field: 'currency', key: 'currencyInvalid', broken: (d) => d.currency !== undefined && !knownCurrency(d.currency) },
  // An amount finer than its currency's unit (half a yen): what the amount field says when it is read.
  {
    field: 'currency',
    key: 'amountInvalid',
    broken: (d) => knownCurrency(d.currency) && d.amount !== null && !isWholeIn(d.amount, d.currency!),
  },
  { field: 'fxRate', key: 'rateInvalid', broken: (d) => d.fxRate != null && !isRate(d.fxRate) },
]

/**
 * The dates a transaction may carry, calendar based: the same day five years back is allowed,
 * one day earlier is not; likewise one year ahead (spec part 1 §5).
 */
export function dateWindow(now: number): DateWindow {
  const earliest = new Date(now)
  earliest.setFullYear(earliest.getFullYear() - 5)
  earliest.setHours(0, 0, 0, 0)
  const latest = new Date(now)
  latest.setFullYear(latest.getFullYear() + 1)
  latest.setHours(23, 59, 59, 999)
  return { earliest: earliest.getTime(), latest: latest.getTime() }
}

/** The content a valid draft stands for: category resolved (custom name wins), text trimmed. */
export interface ValidTransaction {
  type: TransactionType
  amount: Paise
  category: string
  description: string
  date: number
  /** Present when the draft named one; then `fxRate` too (null: not converted). */
  currency?: string
  fxRate?: Rate | null
}

/** A checked entry's currency fields with the home currency its rate converts to. */
export function withRateHome<T extends ValidTransaction>(value: T, home: string): T & { fxHome?: string } {
  return value.fxRate == null ? value : { ...value, fxHome: home }
}

/** rules.ts's `Checked`; a refusal also names the broken rule's message key. */
export type TransactionCheck =
  { ok: true; value: ValidTransaction } | (Refused<TransactionField> & { key: TransactionMessageKey })

/** The first rule a draft breaks, checking only `fields` (a partial update checks what it changes). */
function firstBroken(draft: TransactionDraft, now: number, fields?: readonly TransactionField[]): Rule | undefined {
  const window = dateWindow(now)
  return TRANSACTION_RULES.find((rule) => (!fields || fields.includes(rule.field)) && rule.broken(draft, window))
}

/**
 * The schema of a draft checked against the rules at `now`: its one issue (if any) carries the
 * broken rule's message key, at the field's path.
 */
export function transactionSchema(now: number, fields?: readonly TransactionField[]) {
  return TransactionDraft.superRefine((draft, ctx) => {
    const rule = firstBroken(draft, now, fields)
    if (rule) ctx.addIssue({ code: 'custom', message: rule.key, path: [rule.field] })
  })
}

/** Checks a draft; on success returns what it stands for, else the first broken rule's message. */
export function checkTransaction(
  draft: TransactionDraft,
  now: number = Date.now(),
  fields?: readonly TransactionField[],
): TransactionCheck {
  const parsed = transactionSchema(now, fields).safeParse(draft)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = (issue.path[0] ?? 'amount') as TransactionField
    // A value of the wrong kind (not a rule's key) reads as the field's "invalid" message.
    const key = issue.message in TRANSACTION_MESSAGES ? (issue.message as TransactionMessageKey) : invalidKey(field)
    return { ...fail(field, TRANSACTION_MESSAGES[key]), key }
  }
  const custom = draft.customCategory?.trim()
  return {
    ok: true,
    value: {
      type: draft.type,
      amount: draft.amount!,
      category: custom || label(draft),
      description: (draft.description ?? '').trim(),
      date: draft.date,
      ...(draft.currency === undefined ? {} : { currency: draft.currency, fxRate: draft.fxRate ?? null }),
    },
  }
}

function invalidKey(field: TransactionField): TransactionMessageKey {
  if (field === 'date') return 'dateInvalid'
  if (field === 'category') return 'categoryRequired'
  if (field === 'customCategory') return 'customCategoryRequired'
  if (field === 'description') return 'descriptionTooLong'
  if (field === 'currency') return 'currencyInvalid'
  if (field === 'fxRate') return 'rateInvalid'
  return 'amountInvalid'
}

/** Why an amount is refused, or null when it is acceptable for this kind of transaction. */
export function amountProblem(type: TransactionType, paise: Paise | null): string | null {
  return problemOf({ type, amount: paise, category: 'x', date: 0 }, 0, 'amount')
}

/** Why a transaction date is refused, or null (see `dateWindow`). */
export function dateProblem(date: number, now: number = Date.now()): string | null {
  return problemOf({ type: 'expense', amount: 1, category: 'x', date }, now, 'date')
}

function problemOf(draft: TransactionDraft, now: number, field: TransactionField): string | null {
  const rule = firstBroken(draft, now, [field])
  return rule ? TRANSACTION_MESSAGES[rule.key] : null
}
