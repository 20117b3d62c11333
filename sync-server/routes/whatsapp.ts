import formbody from '@fastify/formbody'
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import type { FastifyPluginAsyncZod, FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WhatsappStatus } from '../../schema/api/whatsapp'
import { normalizePhone } from '../../schema/phone'
import { attachWhatsappPhoto } from '../modules/receipts/whatsapp-receipt'
import { HttpError } from '../http-error'
import { readProfile } from '../modules/whatsapp/ledger'
import { RateLimiter } from '../modules/whatsapp/rate-limiter'
import { isValidTwilioSignature, twimlReply, whatsappAddress } from '../modules/whatsapp/twilio'

export const WEBHOOK_PATH = '/api/whatsapp/webhook'

/** Twilio's incoming-message fields; Twilio sends many more (extra fields are kept and signed). */
const WebhookBody = z.looseObject({
  From: z.string().trim().min(1, 'From is required').max(64),
  Body: z.string().default(''),
  MessageSid: z.string().trim().min(1, 'MessageSid is required').max(64),
  NumMedia: z.coerce.number().int().min(0).default(0),
  ProfileName: z.string().optional(),
  WaId: z.string().optional(),
  /** The first photo's address at Twilio (fetched only from the configured origins). */
  MediaUrl0: z.string().max(2048).optional(),
})

/**
 * `wa.me` link that opens a chat with the Twilio number, prefilled with the sandbox join phrase
 * when one is configured; null without TWILIO_WHATSAPP_FROM.
 */
export function joinUrl(from: string | undefined, phrase: string | undefined): string | null {
  const digits = from ? whatsappAddress(from).replace(/\D/g, '') : ''
  if (!digits) return null
  return phrase ? `https://wa.me/${digits}?text=${encodeURIComponent(phrase)}` : `https://wa.me/${digits}`
}

/**
 * POST /api/whatsapp/webhook (Twilio, form-encoded, signed). It checks, in order: configured
 * (503), signature (403), a retried MessageSid (its stored reply; 409 from another number), the
 * sender's rate limit (429); then the service handles it.
 */
export const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, whatsappService: service, now } = app
  await app.register(formbody, { bodyLimit: 64 * 1024 })
  const limiter = new RateLimiter(
    app.rateWindows,
    config.whatsapp.rateLimit.max,
    config.whatsapp.rateLimit.timeWindowMs,
  )
  const authToken = config.twilio.authToken
  const publicUrl = config.publicUrl?.replace(/\/+$/, '')
  if (!authToken && config.whatsapp.allowUnsigned)
    app.log.warn('WHATSAPP_ALLOW_UNSIGNED is on: the WhatsApp webhook accepts unsigned requests (development only)')

  /** Runs before body validation, so an unsigned request learns nothing about the fields. */
  const checkSignature = (request: FastifyRequest): void => {
    if (!authToken) {
      if (config.whatsapp.allowUnsigned) return
      throw new HttpError(
        503,
        'WhatsApp is not configured on this server: set TWILIO_AUTH_TOKEN ' +
          '(or WHATSAPP_ALLOW_UNSIGNED=1 for local development)',
        'WHATSAPP_NOT_CONFIGURED',
      )
    }
    if (!publicUrl)
      throw new HttpError(
        503,
        'WhatsApp is not configured on this server: set PUBLIC_URL so Twilio signatures can be checked',
        'WHATSAPP_NOT_CONFIGURED',
      )
    const header = request.headers['x-twilio-signature']
    const signature = typeof header === 'string' ? header : undefined
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    const params =
      typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {}
    if (!isValidTwilioSignature(authToken, signature, `${publicUrl}${WEBHOOK_PATH}${query}`, params)) {
      throw new HttpError(403, 'Invalid Twilio signature', 'INVALID_SIGNATURE')
    }
  }

  const verifySignature = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    try {
      if (!request.headers['content-type']?.toLowerCase().startsWith('application/x-www-form-urlencoded'))
        throw new HttpError(415, 'Twilio webhooks are form-encoded', 'UNSUPPORTED_MEDIA_TYPE')
      checkSignature(request)
      done()
    } catch (err) {
      done(err as Error)
    }
  }

  app.post(
    '/webhook',
    { bodyLimit: 64 * 1024, preValidation: verifySignature, schema: { body: WebhookBody } },
    async (request, reply) => {
      const { From, Body, MessageSid, NumMedia, MediaUrl0 } = request.body
      const message = { messageSid: MessageSid, from: From, body: Body, numMedia: NumMedia }
      let text = await service.storedReply(MessageSid, From)
      if (text === undefined) {
        // Retries above don't count; new messages do, per sender.
        if (!(await limiter.hit(normalizePhone(From) ?? From)))
          throw new HttpError(429, 'Too many messages from this number. Please wait a minute.', 'RATE_LIMITED')
        text = await service.handle(message)
        // A photo with the message ("Spent 500 on food" as its caption) becomes the entry's receipt.
        if (NumMedia > 0 && MediaUrl0) {
          const deps = { config, receipts: app.receipts, documents: app.documents, whatsapp: app.whatsapp, now }
          const unkept = await attachWhatsappPhoto(deps, MessageSid, MediaUrl0)
          if (unkept) text = `${text}\n\n${unkept}`
        }
      }
      return reply.type('text/xml; charset=utf-8').send(twimlReply(text))
    },
  )
}

/** GET /api/whatsapp/status: the Settings screen's link state (the signed-in tree authenticates it). */
export const whatsappStatusRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { config, users, documents, whatsapp, phoneProof } = app
  app.get('/status', { schema: { response: { 200: WhatsappStatus } } }, async (request) => {
    const user = await users.findById(request.user.id)
    if (!user) throw new HttpError(401, 'Invalid or expired token', 'UNAUTHORIZED')
    const last = await whatsapp.lastMessageAt(user.id)
    return {
      linked: user.phoneNumber !== null && user.phoneVerified,
      phone_number: user.phoneNumber,
      last_message_at: last === null ? null : new Date(last).toISOString(),
      join_url: joinUrl(config.twilio.whatsappFrom, config.whatsapp.joinPhrase),
      monthly_report: (await readProfile(documents, user.id)).monthlyReportByWhatsapp,
      pending: await phoneProof.pending(user.id),
      voided: await phoneProof.voided(user.id),
    }
  })
  done()
}
