import { z } from 'zod'

/** Messages of the reminder routes (the Settings screen shows them as they are). */
export const NOTIFICATION_MESSAGES = {
  endpointInvalid: 'This browser gave a push address the server cannot use',
  endpointNotAllowed: 'Notifications from this browser’s push service are not supported',
  keysInvalid: 'This browser gave invalid notification keys',
  endpointTaken: 'This browser is set up for notifications of another account',
  notSubscribed: 'This device is not set up for notifications',
  timeZoneInvalid: 'Unknown time zone',
} as const

const TimeZone = z.string().trim().min(1).max(64)

/** One reminder setting per kind; each turns that kind off on every device and WhatsApp. */
export const ReminderSettingsBody = z.object({
  /** Recurring payments: `reminder_days` ahead and on the due day. */
  payments: z.boolean(),
  /** Budgets at 70 % and 90 % of their limit, once each per period. */
  budgets: z.boolean(),
  /** Household expenses waiting for your review, and 3 hours before their deadline. */
  reviews: z.boolean(),
  /** Settlements waiting for you to confirm. */
  settlements: z.boolean(),
  /** Replies to your support tickets. */
  tickets: z.boolean(),
  /** The same reminders by WhatsApp to a proven number. */
  whatsapp: z.boolean(),
  /** IANA zone of your day and quiet hours (22:00–08:00); null: the server's default. */
  time_zone: TimeZone.nullable(),
})
export type ReminderSettingsBody = z.infer<typeof ReminderSettingsBody>

/** PUT /api/notifications/settings: any of the settings; the rest stay. */
export const ReminderSettingsPatch = ReminderSettingsBody.partial().strict()
export type ReminderSettingsPatch = z.infer<typeof ReminderSettingsPatch>

/** GET and PUT /api/notifications/settings. */
export const NotificationSettingsResponse = z.object({
  settings: ReminderSettingsBody,
  /** The zone used when `time_zone` is null (the server's REPORT_TIME_ZONE). */
  default_time_zone: z.string(),
  /** The server's VAPID public key (base64url): what this device subscribes with. */
  vapid_public_key: z.string(),
  /** Devices of this account that receive push reminders. */
  devices: z.number().int().min(0),
  whatsapp: z.object({
    /** A proven WhatsApp number is linked to the account. */
    linked: z.boolean(),
    /** The server can send WhatsApp messages (Twilio is configured). */
    available: z.boolean(),
  }),
})
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>

/** POST /api/notifications/subscriptions: the browser's PushSubscription.toJSON(), and its zone. */
export const PushSubscriptionBody = z.object({
  endpoint: z.string().min(1).max(1000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  time_zone: TimeZone.optional(),
})
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>

export const SubscribeResponse = z.object({ subscribed: z.literal(true), devices: z.number().int().min(0) })

/** DELETE /api/notifications/subscriptions: this device stops receiving push reminders. */
export const UnsubscribeBody = z.object({ endpoint: z.string().min(1).max(1000) })
