/** The twilio library, wrapped where the server touches it: TwiML replies, signatures, the REST client. */
import twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'

/** A TwiML document that answers the incoming message with `text`. */
export function twimlReply(text: string): string {
  const response = new twilio.twiml.MessagingResponse()
  response.message(text)
  return response.toString()
}

/** Twilio's X-Twilio-Signature check over the URL Twilio was given and the parsed form fields. */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, unknown>,
): boolean {
  if (!signature) return false
  // Twilio signs form fields, which are strings: anything else cannot carry a valid signature
  // (and makes the library throw).
  if (!Object.values(params).every((v) => typeof v === 'string')) return false
  try {
    return twilio.validateRequest(authToken, signature, url, params)
  } catch {
    return false
  }
}

/**
 * The HTTP layer under the twilio REST client. Production uses the library's own; tests pass a
 * fake (`request` resolving `{statusCode, body}`), so no test ever calls Twilio.
 */
export interface TwilioHttpClient {
  request(options: RequestClient.RequestOptions): Promise<{ statusCode: number; body: unknown; headers?: unknown }>
}

export interface WhatsappSender {
  /** Sends `body` to `to` (`whatsapp:+…`) from the configured number; resolves to the message sid. */
  send(to: string, body: string): Promise<string>
  /**
   * Sends an approved template (its Content SID, `HX…`) with its numbered variables: the only kind
   * of message WhatsApp lets a business start outside the 24 hours after the user's last message.
   */
  sendTemplate(to: string, contentSid: string, variables: Record<string, string>): Promise<string>
}

/** `whatsapp:+14155238886` whether TWILIO_WHATSAPP_FROM was given with the prefix or without. */
export function whatsappAddress(number: string): string {
  const trimmed = number.trim()
  return /^whatsapp:/i.test(trimmed) ? trimmed : `whatsapp:${trimmed}`
}

export function createWhatsappSender(
  credentials: { accountSid: string; authToken: string; from: string },
  httpClient?: TwilioHttpClient,
): WhatsappSender {
  // The library types httpClient as its own RequestClient class; only `request` is ever called.
  const client = twilio(
    credentials.accountSid,
    credentials.authToken,
    httpClient ? { httpClient: httpClient as unknown as RequestClient } : {},
  )
  const from = whatsappAddress(credentials.from)
  return {
    async send(to, body) {
      const message = await client.messages.create({ from, to: whatsappAddress(to), body })
      return message.sid
    },
    async sendTemplate(to, contentSid, variables) {
      const contentVariables = JSON.stringify(variables)
      const message = await client.messages.create({ from, to: whatsappAddress(to), contentSid, contentVariables })
      return message.sid
    },
  }
}
