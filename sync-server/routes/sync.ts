import type { ServerResponse } from 'node:http'
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ADMIN_COLLECTIONS, PERSONAL_COLLECTIONS } from '../../schema/collections'
import type { CollectionName } from '../../schema/collections'
import { PullQuery, PushBody, RestampBody, RestampResponse } from '../../schema/api/sync'
import { ADMIN_CHANNEL } from '../db/documents'
import type { AuthUser } from '../plugins/auth'
import { HttpError } from '../http-error'
import { HOUSEHOLD_COLLECTIONS } from '../modules/households/service'
import type { HouseholdCollection } from '../modules/households/service'
import { checkPushRows, PushLane } from '../modules/sync/push-rows'
import type { StreamBus, StreamItem } from '../modules/sync/stream-bus'

const CollectionParams = z.object({ collection: z.string().max(64) })

const NEWEST_FIRST_ONLY = 'Only transactions can be pulled newest first'

/** Personal and admin-scope rows go through the documents repository; household ones by membership. */
type Scoped = { scope: 'documents'; name: CollectionName } | { scope: 'household'; name: HouseholdCollection }

/**
 * The collections a caller replicates: personal ones, household ones (by membership), and for
 * admins the admin-scope ones, which to anyone else do not exist.
 */
function syncedCollection(name: string, user: AuthUser): Scoped {
  const personal = PERSONAL_COLLECTIONS.find((c) => c === name)
  if (personal) return { scope: 'documents', name: personal }
  const household = HOUSEHOLD_COLLECTIONS.find((c) => c === name)
  if (household) return { scope: 'household', name: household }
  const admin = user.role === 'admin' ? ADMIN_COLLECTIONS.find((c) => c === name) : undefined
  if (admin) return { scope: 'documents', name: admin }
  throw new HttpError(404, 'Unknown collection', 'NOT_FOUND')
}

/** Replication endpoints of RxDB's HTTP protocol (DESIGN §4). */
type SyncApp = Parameters<FastifyPluginCallbackZod>[0]

export const syncRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  // Household collections are scoped by membership and merged by the server's rules (householdSync).
  const { documents, householdSync, pushQuota } = app

  app.get(
    '/:collection/pull',
    { schema: { params: CollectionParams, querystring: PullQuery } },
    async (request, reply) => {
      const collection = syncedCollection(request.params.collection, request.user)
      const { seq, limit, order, remaining } = request.query
      if (order === 'newest') {
        if (collection.name !== 'transactions') throw new HttpError(400, NEWEST_FIRST_ONLY, 'VALIDATION_ERROR')
        return reply.type('application/json; charset=utf-8').send(await documents.headJson(request.user.id, seq, limit))
      }
      // Already JSON ({documents, checkpoint, remaining}: schema/api/sync.ts PullResponse).
      return reply
        .type('application/json; charset=utf-8')
        .send(
          collection.scope === 'household'
            ? await householdSync.pullJson(collection.name, request.user.id, seq, limit, remaining)
            : await documents.pullJson(collection.name, request.user.id, seq, limit, remaining),
        )
    },
  )

  const push = {
    schema: { params: CollectionParams, body: PushBody },
    // An account out of documents for now is answered before its body is even read.
    onRequest: (request: FastifyRequest, reply: FastifyReply, hookDone: () => void) => {
      const wait = pushQuota.wait(request.user.id)
      if (wait > 0) return void tooManyDocuments(reply, pushQuota.perMinute, wait)
      hookDone()
    },
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      const wait = await pushQuota.take(request.user.id, Array.isArray(request.body) ? request.body.length : 0)
      if (wait > 0) return tooManyDocuments(reply, pushQuota.perMinute, wait)
    },
  }
  const lane = new PushLane()
  app.post('/:collection/push', push, async (request, reply) => {
    const collection = syncedCollection(request.params.collection, request.user)
    const { id } = request.user
    const answer = await lane.run(async () => {
      const rows = await checkPushRows(request.body)
      return collection.scope === 'household'
        ? await householdSync.push(collection.name, id, rows)
        : await documents.push(collection.name, id, rows)
    })
    // PushConflicts (schema/api/sync.ts), built from stored documents: checking it again with zod
    // on the way out cost as much as the push's transaction for a thousand conflicts.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer))
  })

  app.post(
    '/:collection/restamp',
    { schema: { params: CollectionParams, body: RestampBody, response: { 200: RestampResponse } } },
    async (request) => {
      const collection = syncedCollection(request.params.collection, request.user)
      const { ids } = request.body
      return {
        restamped:
          collection.scope === 'household'
            ? await householdSync.restamp(collection.name, request.user.id, ids)
            : await documents.restamp(collection.name, request.user.id, ids),
      }
    },
  )

  registerStream(app, app.streamBus, app.config.streamPingMs)
  done()
}

/** 429 with how long to wait (Retry-After, seconds): the app's sync waits that long, then pushes again. */
function tooManyDocuments(reply: FastifyReply, perMinute: number, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  return reply
    .code(429)
    .header('retry-after', String(seconds))
    .send({
      error: `Too many changes sent at once (at most ${perMinute} a minute). The rest follow in ${seconds} s.`,
      code: 'RATE_LIMITED',
    })
}

/** GET /stream: server-sent change events for the caller (and the admin channel for admins). */
function registerStream(app: SyncApp, bus: StreamBus, pingMs: number) {
  // Streams still open when the server closes; ended in preClose so app.close() never waits on them.
  const open = new Set<() => void>()
  const { streamAdmission: admission } = app
  app.addHook('preClose', async () => {
    for (const end of [...open]) end()
    await admission.close()
  })

  app.get('/stream', { schema: { querystring: z.object({}) } }, async (request, reply) => {
    const release = await admission.admit(request.user.id, request.ip, () => end())
    // The client may have gone while the stream was admitted: nothing would end it then.
    if (reply.raw.destroyed) return void release()
    reply.hijack()
    const res: ServerResponse = reply.raw
    // Headers already set by hooks (helmet) would be lost after hijack().
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) res.setHeader(name, value)
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      // Reverse proxies (nginx) must not buffer events.
      'X-Accel-Buffering': 'no',
    })
    // Every (re)connect may have missed events: RxDB re-pulls from its checkpoint on RESYNC.
    res.write('retry: 3000\ndata: "RESYNC"\n\n')

    // Every device gets every change, its own pushes too: the echo keeps RxDB's idea of the
    // server state current (without it devices could settle on an older state, see RestampBody).
    const listener = (item: StreamItem) => {
      res.write(`data: ${JSON.stringify(item)}\n\n`)
    }
    // Suspension and revoked tokens end the stream through the bus (the listener's `end`).
    const unsubscribers = [bus.subscribe(request.user.id, listener, () => end(), request.user.tokenVersion)]
    if (request.user.role === 'admin') unsubscribers.push(bus.subscribe(ADMIN_CHANNEL, listener))
    const ping = setInterval(() => res.write(': ping\n\n'), pingMs)
    ping.unref()

    const end = () => {
      if (!open.delete(end)) return
      release()
      clearInterval(ping)
      for (const unsubscribe of unsubscribers) unsubscribe()
      if (!res.writableEnded) res.end()
    }
    open.add(end)
    res.on('close', end)
    res.on('error', end)
  })
}
