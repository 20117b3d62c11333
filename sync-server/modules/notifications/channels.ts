/**
 * How one rendered reminder reaches one target: a device by Web Push, or a proven number by
 * WhatsApp. WhatsApp lets a business write freely only within 24 hours of the user's last
 * message; outside that window only an approved template may go, so each kind's template is
 * configured (WHATSAPP_TEMPLATE_*) and a kind without one is left to push.
 */
import type { NotificationLogRow, ReminderKind } from '../../db/tables'
import type { WhatsappSender } from '../whatsapp/twilio'
import type { RenderedReminder } from './messages'
import type { PushSender, PushTarget } from './web-push'
import { topicOf } from './web-push'

export type DeliveryOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; error: string }
  | { kind: 'retry'; error: string; retryAfterMs?: number }
  | { kind: 'failed'; error: string }
  | { kind: 'skipped'; error: string }

/** WhatsApp's customer service window. */
export const WHATSAPP_WINDOW_MS = 24 * 3_600_000
const DAY_SECONDS = 86_400

/** What the service worker receives (public/sw-push.js reads these fields). */
export interface PushPayload {
  title: string
  body: string
  /** The app path a tap opens. */
  url: string
  /** The notification's tag: the event key, so a repeated message replaces its notification. */
  tag: string
}

export async function sendPush(
  sender: PushSender,
  target: PushTarget,
  row: Pick<NotificationLogRow, 'eventKey'>,
  rendered: RenderedReminder,
  options: { urgent: boolean; expiresAt?: number; now: number },
): Promise<DeliveryOutcome> {
  const payload: PushPayload = { title: rendered.title, body: rendered.body, url: rendered.url, tag: row.eventKey }
  // Undelivered (phone off), it stays with the push service a day, or until it no longer matters.
  const untilExpiry = options.expiresAt ? Math.floor((options.expiresAt - options.now) / 1000) : DAY_SECONDS
  const result = await sender.send(target, {
    payload: JSON.stringify(payload),
    ttlSeconds: Math.max(60, Math.min(DAY_SECONDS, untilExpiry)),
    urgency: options.urgent ? 'high' : 'normal',
    topic: topicOf(row.eventKey),
  })
  switch (result.kind) {
    case 'sent':
      return result
    case 'gone':
      return { kind: 'gone', error: `push service answered ${result.status}` }
    case 'retry':
      return result
    case 'rejected':
      return { kind: 'failed', error: result.error }
  }
}

export interface WhatsappChannel {
  sender: WhatsappSender
  templates: Partial<Record<ReminderKind, string>>
  /** The app's public address, for a link under free-form messages. */
  publicUrl: string | undefined
}

/** The free-form message: bold title, text, and a link into the app when the public URL is known. */
export function whatsappText(rendered: RenderedReminder, publicUrl: string | undefined): string {
  const link = publicUrl ? `\n${publicUrl.replace(/\/$/, '')}${rendered.url}` : ''
  return `*${rendered.title}*\n${rendered.body}${link}`
}

export async function sendWhatsapp(
  channel: WhatsappChannel,
  to: string,
  kind: ReminderKind,
  rendered: RenderedReminder,
  lastInboundAt: number | null,
  now: number,
): Promise<DeliveryOutcome> {
  const inWindow = lastInboundAt !== null && now - lastInboundAt < WHATSAPP_WINDOW_MS
  const template = channel.templates[kind]
  if (!inWindow && !template)
    return { kind: 'skipped', error: 'outside the 24-hour window and no template is set for this kind' }
  try {
    if (inWindow) await channel.sender.send(to, whatsappText(rendered, channel.publicUrl))
    else {
      const variables = Object.fromEntries(rendered.variables.map((v, i) => [String(i + 1), v]))
      await channel.sender.sendTemplate(to, template!, variables)
    }
    return { kind: 'sent' }
  } catch (error) {
    const status = (error as { status?: unknown }).status
    const message = `Twilio: ${(error as Error).message}`
    // Twilio's own trouble or a rate limit: later. A refusal (bad number, template not approved): never.
    if (typeof status !== 'number' || status === 429 || status >= 500) return { kind: 'retry', error: message }
    return { kind: 'failed', error: message }
  }
}
