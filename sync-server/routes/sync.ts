import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PERSONAL_COLLECTIONS } from '../../schema/collections'
import { HOUSEHOLD_COLLECTIONS } from '../modules/households/service'
import type { HouseholdCollection } from '../modules/households/service'
import type { HouseholdSync } from '../modules/households/household-sync'
import type { CollectionName } from '../../schema/collections'
import { PullQuery, PushBody } from '../../schema/api/sync'
import type { DocumentsRepository } from '../db/documents'
import { HttpError } from '../http-error'
import type { StreamBus } from '../modules/sync/stream-bus'

export interface SyncRoutesOptions {
  documents: DocumentsRepository
  bus: StreamBus
  pingMs: number
  /** Household collections: scoped by membership and merged by the server's rules. */
  householdSync: HouseholdSync
}

const Document = z.record(z.string(), z.unknown())
const CollectionParams = z.object({ collection: z.string().max(64) })

type Scoped = { scope: 'personal'; name: CollectionName } | { scope: 'household'; name: HouseholdCollection }

function syncedCollection(name: string): Scoped {
  const personal = PERSONAL_COLLECTIONS.find((c) => c === name)
  if (personal) return { scope: 'personal', name: personal }
  const household = HOUSEHOLD_COLLECTIONS.find((c) => c === name)
  if (household) return { scope: 'household', name: household }
  throw new HttpError(404, 'Unknown collection', 'NOT_FOUND')
}

/**
 * Replication endpoints of RxDB's HTTP protocol (DESIGN §4): personal collections by owner,
 * household ones by membership (modules/households/household-sync.ts).
 */
export const syncRoutes: FastifyPluginCallbackZod<SyncRoutesOptions> = (
  app,
  { documents, bus, pingMs, householdSync },
  done,
) => {
  app.addHook('onRequest', app.authenticate)

  app.get('/:collection/pull', { schema: { params: CollectionParams, querystring: PullQuery } }, (request, reply) => {
    const collection = syncedCollection(request.params.collection)
    const { seq, limit } = request.query
    // Already JSON ({documents, checkpoint, remaining}: schema/api/sync.ts PullResponse).
    return reply
      .type('application/json; charset=utf-8')
      .send(
        collection.scope === 'household'
          ? householdSync.pullJson(collection.name, request.user.id, seq, limit)
          : documents.pullJson(collection.name, request.user.id, seq, limit),
      )
  })

  app.post(
    '/:collection/push',
    { schema: { params: CollectionParams, body: PushBody, response: { 200: z.array(Document) } } },
    (request) => {
      const collection = syncedCollection(request.params.collection)
      // The pushing device names its own event stream so the change is not echoed back to it.
      const header = request.headers['x-stream-id']
      const origin = typeof header === 'string' ? header.slice(0, 64) : undefined
      return collection.scope === 'household'
        ? householdSync.push(collection.name, request.user.id, request.body, origin)
        : documents.push(collection.name, request.user.id, request.body, origin)
    },
  )

  // Streams still open when the server closes; ended in preClose so app.close() never waits on them.
  const open = new Set<() => void>()
  app.addHook('preClose', (hookDone) => {
    for (const end of [...open]) end()
    hookDone()
  })

  app.get('/stream', { schema: { querystring: z.object({}) } }, (request, reply) => {
    reply.hijack()
    const streamId = randomUUID()
    const res: ServerResponse = reply.raw
    // Headers already set by hooks (helmet) would be lost after hijack().
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value)
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Reverse proxies (nginx) must not buffer events.
      'X-Accel-Buffering': 'no',
      // The client sends it back with its pushes, so its own changes are not echoed to it.
      'X-Stream-Id': streamId,
    })
    // Every (re)connect may have missed events: RxDB re-pulls from its checkpoint on RESYNC.
    res.write('retry: 3000\ndata: "RESYNC"\n\n')

    const unsubscribe = bus.subscribe(
      request.user.id,
      (event) => {
        res.write(`data: ${JSON.stringify(event)}\n\n`)
      },
      streamId,
    )
    const ping = setInterval(() => res.write(': ping\n\n'), pingMs)
    ping.unref()

    const end = () => {
      if (!open.delete(end)) return
      clearInterval(ping)
      unsubscribe()
      if (!res.writableEnded) res.end()
    }
    open.add(end)
    res.on('close', end)
    res.on('error', end)
  })
  done()
}
