import { useCallback, useEffect, useState, type ReactNode } from 'react'
import type { NotificationSettingsResponse, ReminderSettingsPatch } from '../../../schema/api/notifications'
import { currentZoneName } from '../../../schema/calc/zoned-time'
import { Button } from '../../components/ui/button'
import { Switch } from '../../components/ui/switch'
import { isOffline, serverMessage } from '../../data/account-api'
import {
  currentSubscription,
  deviceTimeZone,
  fetchReminderSettings,
  forgetDevice,
  saveReminderSettings,
  subscribeDevice,
} from '../../data/push-device'
import { readToken } from '../../data/session'
import { browserTraits, pushSupport } from '../../lib/push-support'
import { StatusLine, type Status } from './section'

export const PUSH_NOTES = {
  idle: 'Reminders reach this device even when Hisaab is closed. Your browser asks for permission first.',
  ios:
    'On iPhone and iPad, notifications work only in the installed app: tap Share, then Add to Home Screen, ' +
    'open Hisaab from your Home Screen and turn this on there.',
  unavailable: 'Not available in this browser.',
  unsupported: 'This browser cannot receive notifications. Reminders can still reach you by WhatsApp.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  default: 'Notifications were not allowed. Turn this on again to be asked once more.',
  on: 'On for this device: reminders arrive even when Hisaab is closed.',
  off: 'Off on this device.',
  offline: 'Turning notifications on needs a connection.',
  failed: 'This browser could not set up notifications. Please try again later.',
} as const

type View = NotificationSettingsResponse

/** The account's reminder settings from the server: loaded when Settings opens, saved one switch at a time. */
function useReminderSettings() {
  const [view, setView] = useState<View | null>(null)
  const [status, setStatus] = useState<Status>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'offline' | 'failed'>('loading')
  useEffect(() => {
    const controller = new AbortController()
    fetchReminderSettings(controller.signal)
      .then((v) => {
        setView(v)
        setState('ready')
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState(isOffline(error) ? 'offline' : 'failed')
      })
    return () => controller.abort()
  }, [])
  const save = useCallback((patch: ReminderSettingsPatch) => {
    saveReminderSettings(patch)
      .then((v) => {
        setView(v)
        setStatus({ text: 'Saved.', tone: 'ok' })
      })
      .catch((error: unknown) => {
        const text = isOffline(error) ? 'Changing reminders needs a connection.' : serverMessage(error)
        setStatus({ text: text ?? 'Could not save this choice.', tone: 'error' })
      })
  }, [])
  return { view, setView, state, status, save }
}

/** This device's subscription: the switch's state, and turning it on (permission, then subscribe) or off. */
function usePushDevice(view: View | null, onChanged: () => void) {
  const support = pushSupport(browserTraits())
  const [on, setOn] = useState(false)
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<string>(support === 'supported' ? PUSH_NOTES.idle : PUSH_NOTES.unavailable)
  useEffect(() => {
    if (support !== 'supported') return
    let live = true
    void currentSubscription().then((sub) => {
      if (!live) return
      const granted = Notification.permission === 'granted'
      setOn(sub !== null && granted)
      if (sub && granted) setNote(PUSH_NOTES.on)
      else if (Notification.permission === 'denied') setNote(PUSH_NOTES.denied)
    })
    return () => {
      live = false
    }
  }, [support])
  // Once the server's key is known, this device's subscription is stored again: a new key, or an
  // account change on a shared browser, gets a fresh subscription (quietly; the switch stays on).
  const publicKey = view?.vapid_public_key
  useEffect(() => {
    if (!on || !publicKey) return
    subscribeDevice(publicKey).catch(() => undefined)
  }, [on, publicKey])

  const turnOn = async () => {
    // The permission prompt must come straight from the tap (Safari refuses it after an await).
    const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission()
    if (permission !== 'granted') {
      setNote(PUSH_NOTES[permission])
      return
    }
    setBusy(true)
    try {
      await subscribeDevice(view?.vapid_public_key ?? (await fetchReminderSettings()).vapid_public_key)
      setOn(true)
      setNote(PUSH_NOTES.on)
      onChanged()
    } catch (error) {
      setNote(isOffline(error) ? PUSH_NOTES.offline : (serverMessage(error) ?? PUSH_NOTES.failed))
    } finally {
      setBusy(false)
    }
  }
  const turnOff = async () => {
    setBusy(true)
    // Dropped in the browser even offline: the push service then refuses the server's next send.
    await forgetDevice(readToken())
    setOn(false)
    setBusy(false)
    setNote(PUSH_NOTES.off)
    onChanged()
  }
  return { support, on, busy, note, toggle: (next: boolean) => void (next ? turnOn() : turnOff()) }
}

const KINDS = [
  ['payments', 'Payments due', 'Each recurring payment’s reminder days before it is due, and on the day.'],
  ['budgets', 'Budget alerts', 'When a budget reaches 70% and 90% of its limit, once each per period.'],
  ['reviews', 'Household reviews', 'Expenses waiting for your review, and 3 hours before they are approved.'],
  ['settlements', 'Payments to confirm', 'When a household member says they paid you.'],
  ['tickets', 'Support replies', 'When support answers one of your tickets.'],
] as const

/** What reminds the user (every device and WhatsApp), where their day is, and the quiet hours. */
function ReminderChoices({ view, save }: { view: View; save: (patch: ReminderSettingsPatch) => void }) {
  const zone = currentZoneName(view.settings.time_zone ?? view.default_time_zone)
  const here = deviceTimeZone()
  const { whatsapp } = view
  return (
    <fieldset className="reminder-choices" data-testid="reminder-choices">
      <legend className="reminder-choices__title">Remind me about</legend>
      {KINDS.map(([key, label, description]) => (
        <Switch
          key={key}
          checked={view.settings[key]}
          onChange={(on) => save({ [key]: on })}
          label={label}
          description={description}
        />
      ))}
      {whatsapp.available ? (
        <Switch
          checked={whatsapp.linked && view.settings.whatsapp}
          disabled={!whatsapp.linked}
          onChange={(on) => save({ whatsapp: on })}
          label="Also by WhatsApp"
          description={
            whatsapp.linked
              ? 'The same reminders as messages to your linked number.'
              : 'Link and prove your number in WhatsApp Integration first.'
          }
        />
      ) : null}
      <p className="settings-note" data-testid="reminder-zone">
        Nothing arrives between 22:00 and 08:00 ({zone} time); those reminders come at 08:00.
      </p>
      {here && here !== zone ? (
        <Button variant="outline" size="sm" onClick={() => save({ time_zone: here })}>
          Use this device’s time zone ({here})
        </Button>
      ) : null}
    </fieldset>
  )
}

/**
 * Appearance → Push Notifications: this device's switch, then `children` (the spec's next toggle),
 * then the account's reminder choices.
 */
export function PushNotifications({ children }: { children?: ReactNode }) {
  const settings = useReminderSettings()
  const { setView } = settings
  const refresh = useCallback(() => {
    fetchReminderSettings().then(setView, () => undefined)
  }, [setView])
  const device = usePushDevice(settings.view, refresh)
  return (
    <>
      <Switch
        checked={device.on}
        onChange={device.toggle}
        disabled={device.support !== 'supported' || device.busy}
        label="Push Notifications"
        description={device.note}
        data-testid="push-switch"
      />
      {device.support === 'supported' ? null : (
        <p className="settings-callout settings-callout--warn" data-testid="push-unavailable">
          {device.support === 'ios-install' ? PUSH_NOTES.ios : PUSH_NOTES.unsupported}
        </p>
      )}
      {children}
      {settings.view ? <ReminderChoices view={settings.view} save={settings.save} /> : null}
      {settings.state === 'offline' ? (
        <p className="settings-note">Connect to the internet to change what reminds you.</p>
      ) : null}
      <StatusLine message={settings.status} />
    </>
  )
}
