import { z } from 'zod'
import { Id } from './common'

/** The image types a receipt may be: what browsers encode from a canvas, and what phones send. */
export const RECEIPT_TYPES = ['image/jpeg', 'image/webp', 'image/png'] as const
export type ReceiptType = (typeof RECEIPT_TYPES)[number]

/** The largest receipt the server stores (the browser makes them ≤ 200 KB; WhatsApp photos may be larger). */
export const MAX_RECEIPT_FILE_BYTES = 300 * 1024

/**
 * What an expense says about its receipt photo. The bytes never travel with the document: the
 * device keeps them locally and uploads them to `/api/receipts/:id`; `sha256` names the exact
 * bytes, so the server refuses an upload that is not this photo and a device knows its copy is current.
 */
export const Receipt = z.object({
  id: Id,
  type: z.enum(RECEIPT_TYPES),
  bytes: z.number().int().min(1).max(MAX_RECEIPT_FILE_BYTES),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Invalid digest'),
})
export type Receipt = z.infer<typeof Receipt>

/** A document's receipt field: absent on older documents, null once removed. */
export const ReceiptField = Receipt.nullable().optional()
