import { randomUUID } from 'node:crypto'
import { nextVersion } from '../../../schema/entities/common'
import type { AppConfig } from '../../config'
import type { DocumentsRepository } from '../../db/documents'
import type { WhatsappRepository } from '../../db/whatsapp'
import { HttpError } from '../../http-error'
import { RECEIPT_MESSAGES, type ReceiptStore } from './store'
import { fetchTwilioMedia } from './twilio-media'

export interface WhatsappReceiptDeps {
  config: AppConfig
  receipts: ReceiptStore
  documents: DocumentsRepository
  whatsapp: WhatsappRepository
  now: () => number
  fetchImpl?: typeof fetch
}

/** Said after the entry's reply when its photo could not be kept. */
export const PHOTO_NOT_KEPT = 'The photo could not be saved as a receipt.'

/**
 * After a message with a photo booked an entry: fetches the photo (MediaUrl0) and writes the entry
 * again with it as its receipt, through the one write path, so every device sees it. Returns a
 * line to add to the reply when the photo could not be kept, else null.
 */
export async function attachWhatsappPhoto(
  deps: WhatsappReceiptDeps,
  messageSid: string,
  mediaUrl: string,
): Promise<string | null> {
  const message = await deps.whatsapp.findMessage(messageSid)
  if (message?.kind !== 'entry' || !message.transactionId || !message.userId) return null
  const { config, documents } = deps
  const result = await fetchTwilioMedia(mediaUrl, {
    origins: config.receipts.mediaOrigins,
    accountSid: config.twilio.accountSid,
    authToken: config.twilio.authToken,
    maxBytes: config.receipts.maxFileBytes,
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
  })
  if (!result.ok)
    return result.reason === 'too-large' ? RECEIPT_MESSAGES.tooLarge(config.receipts.maxFileBytes) : PHOTO_NOT_KEPT
  // Read again after the fetch: the entry may have been undone or edited meanwhile.
  const doc = await documents.getOwned('transactions', message.userId, message.transactionId)
  if (!doc || doc.deleted || doc.data.receipt) return null
  try {
    return documents.write(async (unit) => {
      const receipt = await deps.receipts.keep(doc, result.bytes, randomUUID())
      const updatedAt = nextVersion(deps.now(), doc.data.updatedAt)
      await unit.put('transactions', doc.ownerId, { ...doc.data, receipt, updatedAt })
      return null
    })
  } catch (error) {
    if (error instanceof HttpError) return error.message
    throw error
  }
}
