import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { Id } from '../../schema/entities/common'
import { Receipt } from '../../schema/entities/receipt'
import type { ReceiptCollection } from '../modules/receipts/store'

const ReceiptParams = z.object({ id: Id })
const UploadParams = z.object({ documentId: Id, id: Id })

/** Paths of the two uploads, by the collection of the document the receipt belongs to. */
const UPLOADS: Record<ReceiptCollection, string> = {
  transactions: '/transactions/:documentId/:id',
  household_expenses: '/household-expenses/:documentId/:id',
}

/**
 * /api/receipts: `PUT …/transactions/:documentId/:id` and `PUT …/household-expenses/:documentId/:id`
 * take the photo's bytes as the body (whatever Content-Type: the bytes say what they are);
 * `GET /:id` returns them to the owner or a current member of the expense's household.
 */
export const receiptsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { receipts } = app
  const { maxFileBytes } = app.config.receipts
  // Raw bytes for every type in this scope only; a little over the cap so an oversized photo
  // gets the receipt message instead of the framework's.
  const bodyLimit = maxFileBytes + 64 * 1024
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, parsed) => parsed(null, body))

  for (const [collection, url] of Object.entries(UPLOADS) as [ReceiptCollection, string][]) {
    app.put(
      url,
      { bodyLimit, schema: { params: UploadParams, response: { 201: Receipt } } },
      async (request, reply) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        const receipt = await receipts.put(
          request.user.id,
          collection,
          request.params.documentId,
          request.params.id,
          bytes,
        )
        reply.status(201)
        return receipt
      },
    )
  }

  app.get('/:id', { schema: { params: ReceiptParams } }, async (request, reply) => {
    const receipt = await receipts.read(request.user.id, request.params.id)
    return reply.type(receipt.contentType).header('content-disposition', 'inline').send(receipt.bytes)
  })
  done()
}
