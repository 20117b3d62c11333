import { z } from 'zod'
import type { Rate } from '../money/currency'
import { documentBase, Id, invertTime, Millis, PositivePaise } from './common'
import { entryCurrencyFields, refineEntryCurrency } from './entry-currency'
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
    ...entryCurrencyFields,
  })
  .refine((t) => t.dateDesc === invertTime(t.date), { message: 'dateDesc must mirror date', path: ['dateDesc'] })
  .superRefine(refineEntryCurrency((t) => [t.amount]))
export type Transaction = z.infer<typeof Transaction>

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
