import { createHash } from 'node:crypto'
import { Receipt } from '../../../schema/entities/receipt'
import { sniffImageType } from '../../../schema/receipts/sniff'
import type { AppConfig } from '../../config'
import type { AppDatabase } from '../../db/database'
import type { DocumentsRepository, StoredDocument } from '../../db/documents'
import { ReceiptRows } from '../../db/receipts'
import type { ReceiptRow } from '../../db/tables'
import { HttpError } from '../../http-error'

/** The collections whose documents may carry a receipt. */
export const RECEIPT_COLLECTIONS = ['transactions', 'household_expenses'] as const
export type ReceiptCollection = (typeof RECEIPT_COLLECTIONS)[number]

/** The messages the app shows as they are. */
export const RECEIPT_MESSAGES = {
  notFound: 'Receipt not found',
  tooLarge: (limit: number) => `This photo is too large to keep as a receipt (the limit is ${kb(limit)}).`,
  quota: (quota: number) =>
    `Your receipts have used all of their space (${mb(quota)}). Remove some receipts to add new ones.`,
  type: 'A receipt must be a JPEG, PNG or WebP photo.',
  notOnExpense: 'This expense does not name this receipt yet; it uploads once the expense has synced.',
  mismatch: 'This photo is not the receipt this expense names.',
} as const

const kb = (bytes: number) => `${Math.floor(bytes / 1024)} KB`
const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`

export interface StoredReceipt {
  id: string
  contentType: string
  bytes: Buffer
}

/**
 * Receipt photos (table `receipts`): written by the document's owner or a member, read by the
 * owner or the current members of the expense's household, and removed when the document is
 * deleted, names another receipt, or its household is gone (write listeners on those collections).
 */
export class ReceiptStore {
  readonly #rows: ReceiptRows

  constructor(
    db: AppDatabase,
    private readonly documents: DocumentsRepository,
    private readonly limits: AppConfig['receipts'],
    private readonly now: () => number = Date.now,
  ) {
    this.#rows = new ReceiptRows(db)
    documents.addWriteListener('transactions', (_owner, written) => this.#forgetStale('transactions', written))
    documents.addWriteListener('household_expenses', (_owner, written) =>
      this.#forgetStale('household_expenses', written),
    )
    documents.addWriteListener('households', (_owner, written) => this.#forgetHouseholds(written))
  }

  /**
   * Keeps the bytes of the receipt `id` that the caller's document names. Refused unless the
   * caller may see the document, the bytes are a JPEG/PNG/WebP within the file cap, they are the
   * photo the document names (type and sha256), and the owner's quota has room.
   */
  async put(
    userId: string,
    collection: ReceiptCollection,
    documentId: string,
    id: string,
    bytes: Buffer,
  ): Promise<Receipt> {
    const doc = await this.#visible(userId, collection, documentId)
    if (bytes.length > this.limits.maxFileBytes)
      throw new HttpError(413, RECEIPT_MESSAGES.tooLarge(this.limits.maxFileBytes), 'RECEIPT_TOO_LARGE')
    const type = sniffImageType(bytes)
    if (!type) throw new HttpError(415, RECEIPT_MESSAGES.type, 'RECEIPT_TYPE')
    const named = Receipt.safeParse(doc.data.receipt)
    if (!named.success || named.data.id !== id)
      throw new HttpError(409, RECEIPT_MESSAGES.notOnExpense, 'RECEIPT_NOT_ON_EXPENSE')
    const receipt = named.data
    if (receipt.type !== type || receipt.bytes !== bytes.length || receipt.sha256 !== sha256(bytes))
      throw new HttpError(422, RECEIPT_MESSAGES.mismatch, 'RECEIPT_MISMATCH')
    if (await this.#find(id)) return receipt
    await this.#store(doc, receipt, bytes)
    return receipt
  }

  /**
   * Stores a photo the server received itself (a WhatsApp message's) for `doc`, which does not
   * name it yet: the caller then writes the document with the returned receipt.
   */
  async keep(doc: StoredDocument, bytes: Buffer, id: string): Promise<Receipt> {
    if (bytes.length > this.limits.maxFileBytes)
      throw new HttpError(413, RECEIPT_MESSAGES.tooLarge(this.limits.maxFileBytes), 'RECEIPT_TOO_LARGE')
    const type = sniffImageType(bytes)
    if (!type) throw new HttpError(415, RECEIPT_MESSAGES.type, 'RECEIPT_TYPE')
    const receipt: Receipt = { id, type, bytes: bytes.length, sha256: sha256(bytes) }
    await this.#store(doc, receipt, bytes)
    return receipt
  }

  /** The photo, for the document's owner or a current member of its household; 404 otherwise. */
  async read(userId: string, id: string): Promise<StoredReceipt> {
    const row = await this.#find(id)
    if (!row) throw new HttpError(404, RECEIPT_MESSAGES.notFound, 'NOT_FOUND')
    const collection = row.collection as ReceiptCollection
    const doc = await this.#visibleOrNull(userId, collection, row.documentId)
    if (!doc || Receipt.safeParse(doc.data.receipt).data?.id !== id)
      throw new HttpError(404, RECEIPT_MESSAGES.notFound, 'NOT_FOUND')
    return { id: row.id, contentType: row.contentType, bytes: row.bytes }
  }

  /** Bytes of receipts counted against `ownerId`'s quota. */
  usedBy(ownerId: string): Promise<number> {
    return this.#rows.usedBy(ownerId)
  }

  async #store(doc: StoredDocument, receipt: Receipt, bytes: Buffer): Promise<void> {
    const ownerId = doc.ownerId
    if ((await this.usedBy(ownerId)) + bytes.length > this.limits.quotaBytes)
      throw new HttpError(422, RECEIPT_MESSAGES.quota(this.limits.quotaBytes), 'RECEIPT_QUOTA')
    await this.#rows.insert({
      id: receipt.id,
      ownerId,
      householdId: doc.householdId,
      collection: doc.collection,
      documentId: doc.id,
      contentType: receipt.type,
      bytes,
      size: bytes.length,
      sha256: receipt.sha256,
      createdAt: this.now(),
    })
  }

  #find(id: string): Promise<ReceiptRow | undefined> {
    return this.#rows.find(id)
  }

  async #visible(userId: string, collection: ReceiptCollection, documentId: string): Promise<StoredDocument> {
    const doc = await this.#visibleOrNull(userId, collection, documentId)
    if (!doc) throw new HttpError(404, RECEIPT_MESSAGES.notFound, 'NOT_FOUND')
    return doc
  }

  /** The live document when `userId` owns it (personal) or is a current member of its household. */
  async #visibleOrNull(
    userId: string,
    collection: ReceiptCollection,
    documentId: string,
  ): Promise<StoredDocument | null> {
    const doc = await this.documents.get(collection, documentId)
    if (!doc || doc.deleted) return null
    if (collection === 'transactions') return doc.ownerId === userId ? doc : null
    const household = doc.householdId ? await this.documents.get('households', doc.householdId) : undefined
    if (!household || household.deleted) return null
    const members = (household.data as { memberIds?: unknown }).memberIds
    return Array.isArray(members) && members.includes(userId) ? doc : null
  }

  /** Rows of written documents that are deleted, or that name another receipt (or none) now. */
  async #forgetStale(collection: ReceiptCollection, written: readonly StoredDocument[]): Promise<void> {
    for (const doc of written) {
      const current = doc.deleted ? undefined : Receipt.safeParse(doc.data.receipt).data?.id
      await this.#rows.keepOnly(collection, doc.id, current, doc.ownerId)
    }
  }

  async #forgetHouseholds(written: readonly StoredDocument[]): Promise<void> {
    await this.#rows.forgetHouseholds(written.filter((h) => h.deleted).map((h) => h.id))
  }
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')
