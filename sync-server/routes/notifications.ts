import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  NOTIFICATION_MESSAGES,
  NotificationSettingsResponse,
  PushSubscriptionBody,
  ReminderSettingsPatch,
  SubscribeResponse,
  UnsubscribeBody,
} from '../../schema/api/notifications'
import { isTimeZone } from '../../schema/calc/zoned-time'
import { HttpError } from '../http-error'
import { endpointProblem, validSubscriptionKeys } from '../modules/notifications/push-endpoints'
import type { ReminderSettings } from '../db/notifications'

const Success = z.object({ success: z.literal(true) })

function checkZone(zone: string | null | undefined): void {
  if (zone && !isTimeZone(zone)) throw new HttpError(400, NOTIFICATION_MESSAGES.timeZoneInvalid, 'INVALID_TIME_ZONE')
}

/**
 * /api/notifications: this account's reminder settings, and the push subscriptions of its devices
 * (README "Reminders"). Every route is the caller's own: nothing here names another user.
 */
export const notificationRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { notifications, users, config } = app
  const options = {
    vapidPublicKey: config.reminders.vapid.publicKey,
    extraPushOrigins: config.reminders.extraPushOrigins,
    defaultTimeZone: config.reportTimeZone,
    // Twilio can send (account SID, token and number configured).
    whatsappAvailable: app.whatsappSender !== null,
  }

  const view = async (userId: string, settings: ReminderSettings) => ({
    settings: {
      payments: settings.payments,
      budgets: settings.budgets,
      reviews: settings.reviews,
      settlements: settings.settlements,
      tickets: settings.tickets,
      whatsapp: settings.whatsapp,
      time_zone: settings.timeZone,
    },
    default_time_zone: options.defaultTimeZone,
    vapid_public_key: options.vapidPublicKey,
    devices: await notifications.deviceCount(userId),
    whatsapp: { linked: (await users.findById(userId))?.phoneVerified === true, available: options.whatsappAvailable },
  })

  app.get('/settings', { schema: { response: { 200: NotificationSettingsResponse } } }, async (request) =>
    view(request.user.id, await notifications.settings(request.user.id)),
  )

  app.put(
    '/settings',
    { schema: { body: ReminderSettingsPatch, response: { 200: NotificationSettingsResponse } } },
    async (request) => {
      const { time_zone: timeZone, ...kinds } = request.body
      checkZone(timeZone)
      const patch = { ...kinds, ...(timeZone === undefined ? {} : { timeZone }) }
      return view(request.user.id, await notifications.saveSettings(request.user.id, patch))
    },
  )

  app.post(
    '/subscriptions',
    { schema: { body: PushSubscriptionBody, response: { 200: SubscribeResponse, 201: SubscribeResponse } } },
    async (request, reply) => {
      const { endpoint, keys, time_zone: timeZone } = request.body
      const problem = endpointProblem(endpoint, options.extraPushOrigins)
      if (problem === 'invalid') throw new HttpError(400, NOTIFICATION_MESSAGES.endpointInvalid, 'INVALID_ENDPOINT')
      if (problem) throw new HttpError(400, NOTIFICATION_MESSAGES.endpointNotAllowed, 'PUSH_SERVICE_NOT_ALLOWED')
      if (!validSubscriptionKeys(keys.p256dh, keys.auth))
        throw new HttpError(400, NOTIFICATION_MESSAGES.keysInvalid, 'INVALID_KEYS')
      checkZone(timeZone)
      const result = await notifications.subscribe(request.user.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth })
      if (result === 'taken') throw new HttpError(409, NOTIFICATION_MESSAGES.endpointTaken, 'ENDPOINT_TAKEN')
      // The device's zone becomes the account's, unless the user chose one (or this is the same zone).
      if (timeZone && (await notifications.settings(request.user.id)).timeZone === null)
        await notifications.saveSettings(request.user.id, { timeZone })
      reply.code(result === 'created' ? 201 : 200)
      return { subscribed: true as const, devices: await notifications.deviceCount(request.user.id) }
    },
  )

  app.delete('/subscriptions', { schema: { body: UnsubscribeBody, response: { 200: Success } } }, async (request) => {
    if (!(await notifications.unsubscribe(request.user.id, request.body.endpoint)))
      throw new HttpError(404, NOTIFICATION_MESSAGES.notSubscribed, 'NOT_SUBSCRIBED')
    return { success: true as const }
  })
  done()
}
