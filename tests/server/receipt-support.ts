import { createHash, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Receipt } from '../../schema/entities/receipt'
import type { Session } from './helpers'

/** Bytes that start like a JPEG (SOI + APP0), filled to `size` with `fill`. */
export function jpegBytes(size: number, fill = 7): Buffer {
  const bytes = Buffer.alloc(size, fill)
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]).copy(bytes)
  return bytes
}

export function receiptOf(bytes: Buffer, type: Receipt['type'] = 'image/jpeg'): Receipt {
  return { id: randomUUID(), type, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') }
}

const PATHS = { transactions: 'transactions', household_expenses: 'household-expenses' } as const

/** Names `receipt` on the stored document as its owner's device would (a newer version through the write path). */
export async function nameReceipt(
  app: FastifyInstance,
  collection: keyof typeof PATHS,
  documentId: string,
  receipt: Receipt | null,
): Promise<void> {
  const doc = await app.documents.get(collection, documentId)
  if (!doc) throw new Error(`no ${collection} ${documentId}`)
  await app.documents.write(async (unit) =>
    unit.putAllowed(collection, doc.ownerId, { ...doc.data, receipt, updatedAt: doc.updatedAt + 1 }),
  )
}

/** PUT of the photo's bytes as `s`. */
export function uploadReceipt(
  app: FastifyInstance,
  s: Session,
  collection: keyof typeof PATHS,
  documentId: string,
  receiptId: string,
  bytes: Buffer,
  contentType = 'image/jpeg',
) {
  return app.inject({
    method: 'PUT',
    url: `/api/receipts/${PATHS[collection]}/${documentId}/${receiptId}`,
    headers: { ...s.headers, 'content-type': contentType },
    payload: bytes,
  })
}
