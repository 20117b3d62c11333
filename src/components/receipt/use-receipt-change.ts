import { useState } from 'react'
import type { Receipt } from '../../../schema/entities/receipt'
import { dropReceiptPhoto, queueReceiptUpload, type ReceiptCollection } from '../../data/receipts'

/**
 * A receipt being changed on an existing entry: the entry's own until replaced or removed. Once
 * the entry is saved, `saved` queues the new photo's upload and drops the one it replaced from this
 * device; `cancel` drops a photo picked but never saved.
 */
export function useReceiptChange(before: Receipt | null, collection: ReceiptCollection, documentId: string) {
  const [receipt, setReceipt] = useState<Receipt | null>(before)
  const changed = receipt?.id !== before?.id
  const set = (next: Receipt | null) => {
    // A photo picked here and replaced again never reaches the entry.
    if (receipt && receipt.id !== before?.id) void dropReceiptPhoto(receipt.id)
    setReceipt(next)
  }
  const saved = async () => {
    if (!changed) return
    if (receipt) await queueReceiptUpload(receipt, collection, documentId)
    if (before) await dropReceiptPhoto(before.id)
  }
  const cancel = () => {
    if (changed && receipt) void dropReceiptPhoto(receipt.id)
  }
  return { receipt, set, changed, changes: changed ? { receipt } : {}, saved, cancel }
}
