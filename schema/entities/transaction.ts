import { z } from 'zod'
import { currencyDigits, isRate, storedDigits, type Rate } from '../money/currency'
import { CURRENCY_CODES } from '../money/money'
import { documentBase, Id, invertTime, Millis, PositivePaise } from './common'
import { ReceiptField, type Receipt } from './receipt'

export const TRANSACTION_TYPES = ['expense', 'income'] as const
/** `message`: a bank or UPI message pasted in the app or shared to it from Android. */
export const TRANSACTION_ORIGINS = ['app', 'rest', 'whatsapp', 'recurring', 'onboarding', 'demo', 'message'] as const

/**
 * One expense or income. For income, `category` holds the income source (Salary, Freelance…).
 * `date` is when it happened (ms); `dateDesc` is its inverted copy for newest-first queries.
 */
export const Transaction = z
  .object({
    ...documentBase,
    type: z.enum(TRANSACTION_TYPES),
    amount: PositivePaise,
    category: z.string().trim().min(1).max(60),
    description: z.string().max(500).default(''),
    date: Millis,
    dateDesc: Millis,
    origin: z.enum(TRANSACTION_ORIGINS).default('app'),
    /** Twilio MessageSid of the WhatsApp message that created it. */
    messageId: z.string().max(64).optional(),
    /** The merchant, payee or payer a bank message named ("Swiggy", "rahul@okaxis"): what categories learn from. */
    merchant: z.string().trim().min(1).max(80).optional(),
    /**
     * The payment a bank message identifies (schema/parse/dedupe.ts paymentKey): a second message
     * about it (the UPI app's, a forward, a paste on another device) is the same entry.
     */
    paymentKey: z.string().min(1).max(160).optional(),
    /** The expense this refund or reversal gives money back for. */
    reverses: Id.optional(),
    /** The backup record it was imported from (schema/backup-import.ts): importing it again finds it. */
    importKey: Id.optional(),
    /** The photo of the receipt (its bytes live apart from the document: entities/receipt.ts). */
    receipt: ReceiptField,
    /**
     * The currency `amount` is in (stored units: money/currency.ts). Absent on entries made before
     * entries had one: those are in the profile's `legacyCurrency`, else its home currency.
     */
    currency: z.enum(CURRENCY_CODES).optional(),
    /** Units of `fxHome` per unit of `currency` on the entry's date; null: "not converted" yet. */
    fxRate: z.number().refine(isRate, 'Invalid rate').nullable().optional(),
    /**
     * The home currency `fxRate` converts to, as it was when the rate was given: after a change of
     * home currency the rate no longer applies and the entry reads as not converted, never at a
     * rate meant for another currency.
     */
    fxHome: z.enum(CURRENCY_CODES).optional(),
  })
  .refine((t) => t.dateDesc === invertTime(t.date), { message: 'dateDesc must mirror date', path: ['dateDesc'] })
  .refine((t) => t.currency === undefined || isWholeIn(t.amount, t.currency), {
    message: 'The amount has more digits than its currency',
    path: ['amount'],
  })
  .refine((t) => t.fxRate == null || (t.currency !== undefined && t.fxHome !== undefined), {
    message: 'A rate needs a currency and the currency it converts to',
    path: ['fxRate'],
  })
export type Transaction = z.infer<typeof Transaction>

/** Whether stored units are a whole number of the currency's own minor unit (whole yen). */
export function isWholeIn(amount: number, code: string): boolean {
  return amount % 10 ** (storedDigits(code) - currencyDigits(code)) === 0
}

/** Limits of spec part 1 §5/§9, in paise. */
export const MAX_EXPENSE_PAISE = 10_000_000 * 100
export const MAX_INCOME_PAISE = 100_000_000 * 100

export type TransactionType = (typeof TRANSACTION_TYPES)[number]
export type TransactionOrigin = (typeof TRANSACTION_ORIGINS)[number]

/** The largest amount (paise) an expense or an income may have. */
export function maxAmountOf(type: TransactionType): number {
  return type === 'expense' ? MAX_EXPENSE_PAISE : MAX_INCOME_PAISE
}

/** What a transaction says, before it has an id and an owner. */
export interface TransactionContent {
  type: TransactionType
  /** Integer paise, > 0. */
  amount: number
  /** The expense category or the income source. */
  category: string
  description?: string
  /** ms since the epoch. */
  date: number
  origin: TransactionOrigin
  messageId?: string
  merchant?: string
  paymentKey?: string
  reverses?: string
  receipt?: Receipt | null
  /** The entry's currency; with it, the rate to the home currency (null: not converted). */
  currency?: string
  fxRate?: Rate | null
  /** The home currency the rate converts to (required with a rate). */
  fxHome?: string
}

/** Who owns a document and which version it is; a new id is made when none is given. */
export interface DocumentStamp {
  ownerId: string
  updatedAt: number
  id?: string
}

/**
 * The one way a Transaction document is assembled (app, Mark Paid, REST, WhatsApp): category and
 * note trimmed, `dateDesc` mirroring `date`. The result passes the Transaction entity whenever the
 * content passes the transaction rules (schema/validation/transaction-input.ts).
 */
export function newTransaction(content: TransactionContent, stamp: DocumentStamp): Transaction {
  return {
    id: stamp.id ?? crypto.randomUUID(),
    ownerId: stamp.ownerId,
    updatedAt: stamp.updatedAt,
    type: content.type,
    amount: content.amount,
    category: content.category.trim(),
    description: (content.description ?? '').trim(),
    date: content.date,
    dateDesc: invertTime(content.date),
    origin: content.origin,
    ...(content.messageId ? { messageId: content.messageId } : {}),
    ...(content.merchant?.trim() ? { merchant: content.merchant.trim().slice(0, 80) } : {}),
    ...(content.paymentKey ? { paymentKey: content.paymentKey } : {}),
    ...(content.reverses ? { reverses: content.reverses } : {}),
    ...(content.receipt ? { receipt: content.receipt } : {}),
    ...(content.currency ? { currency: content.currency, fxRate: content.fxRate ?? null } : {}),
    ...(content.currency && content.fxRate != null && content.fxHome ? { fxHome: content.fxHome } : {}),
  }
}
