import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import twilio from 'twilio'

export const AUTH_TOKEN = 'test-twilio-auth-token-0123456789'
export const PUBLIC_URL = 'https://hisaab.example.com'
export const WEBHOOK_URL = `${PUBLIC_URL}/api/whatsapp/webhook`
export const TWILIO_FROM = 'whatsapp:+14155238886'

/** What the webhook needs; no account SID, so the monthly report job never starts here. */
export const WEBHOOK_ENV = {
  TWILIO_AUTH_TOKEN: AUTH_TOKEN,
  PUBLIC_URL,
  TWILIO_WHATSAPP_FROM: TWILIO_FROM,
  WHATSAPP_JOIN_PHRASE: 'join bright-tiger',
}

let sidCounter = 0

export function nextSid(): string {
  sidCounter += 1
  return `SM${String(sidCounter).padStart(8, '0')}${'a'.repeat(24)}`
}

/** The form fields Twilio posts for an incoming WhatsApp message (many more than we read). */
export function twilioParams(from: string, body: string, extra: Record<string, string> = {}): Record<string, string> {
  const sid = extra.MessageSid ?? nextSid()
  return {
    SmsMessageSid: sid,
    NumMedia: '0',
    ProfileName: 'Asha',
    MessageType: 'text',
    SmsSid: sid,
    WaId: from.replace(/\D/g, ''),
    SmsStatus: 'received',
    Body: body,
    To: TWILIO_FROM,
    NumSegments: '1',
    ReferralNumMedia: '0',
    MessageSid: sid,
    AccountSid: `AC${'0'.repeat(32)}`,
    From: from,
    ApiVersion: '2010-04-01',
    ...extra,
  }
}

export interface SendOptions {
  /** The URL the signature is computed over (default the configured webhook URL). */
  signedUrl?: string
  token?: string
  /** null: no X-Twilio-Signature header at all. */
  signature?: string | null
  /** Change the form after signing (a tampered request). */
  tamper?: (params: Record<string, string>) => Record<string, string>
}

/** Posts the form the way Twilio does, signed with the twilio library's own signature function. */
export function postWebhook(
  app: FastifyInstance,
  params: Record<string, string>,
  options: SendOptions = {},
): Promise<LightMyRequestResponse> {
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(options.token ?? AUTH_TOKEN, options.signedUrl ?? WEBHOOK_URL, params)
      : options.signature
  const sent = options.tamper ? options.tamper({ ...params }) : params
  return app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: {
      'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(sent).toString(),
  })
}

/** Sends one signed message and returns the reply text (asserting a 200 TwiML answer). */
export async function say(
  app: FastifyInstance,
  from: string,
  body: string,
  extra: Record<string, string> = {},
): Promise<string> {
  const res = await postWebhook(app, twilioParams(from, body, extra))
  if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`)
  return replyText(res.body)
}

/** The text of the TwiML <Message>, XML entities decoded. */
export function replyText(twiml: string): string {
  const m = /<Response><Message>([\s\S]*)<\/Message><\/Response>/.exec(twiml)
  if (!m?.[1]) throw new Error(`not a TwiML message reply: ${twiml}`)
  return m[1]
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&')
}

/**
 * Proves the number of the signed-in user's pending claim (made by register or update-phone):
 * sends `link <code>` from `from`, the code as GET /api/whatsapp/status shows it. Returns the reply.
 */
export async function proveNumber(
  app: FastifyInstance,
  headers: { authorization: string },
  from: string,
): Promise<string> {
  const status = await app.inject({ method: 'GET', url: '/api/whatsapp/status', headers })
  const code = status.json<{ pending: { code: string } | null }>().pending?.code
  if (!code) throw new Error(`no pending claim: ${status.body}`)
  return say(app, from, `link ${code}`)
}
