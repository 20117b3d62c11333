import { useState } from 'react'
import { PendingNote } from '../../components/profile/profile-pending'
import { Switch } from '../../components/ui/switch'
import { setHideBalance } from '../../data/preferences'
import { setTheme, useTheme } from '../../lib/theme'
import {
  enableNotifications,
  notificationSupport,
  useLocalPreference,
  vibrate,
  writeLocalPreference,
} from './local-preferences'

const PUSH_NOTES = {
  unsupported: 'This browser does not support notifications.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  default: 'Notifications were not allowed. Turn this on again to be asked once more.',
} as const

/** `hideBalance` is null while the profile has not reached this device. */
export function AppearanceSection({ hideBalance }: { hideBalance: boolean | null }) {
  const theme = useTheme()
  const push = useLocalPreference('push')
  const haptics = useLocalPreference('haptics')
  const [pushNote, setPushNote] = useState<string | null>(() =>
    notificationSupport() === 'unsupported' ? PUSH_NOTES.unsupported : null,
  )
  const [hideNote, setHideNote] = useState<string | null>(null)
  const pushOn = push && notificationSupport() === 'granted'

  const onPush = async (on: boolean) => {
    if (!on) {
      writeLocalPreference('push', false)
      setPushNote('Off on this device.')
      return
    }
    const result = await enableNotifications()
    writeLocalPreference('push', result === 'granted')
    setPushNote(result === 'granted' ? 'On: this browser allows Hisaab’s notifications.' : PUSH_NOTES[result])
  }

  const onHaptics = (on: boolean) => {
    writeLocalPreference('haptics', on)
    if (on) vibrate(30)
  }

  const onHideBalance = (on: boolean) => {
    setHideBalance(on)
      .then(() => setHideNote(null))
      .catch((error: unknown) => {
        console.error(error)
        setHideNote('Could not save this choice.')
      })
  }

  return (
    <div className="settings-stack settings-stack--switches">
      <Switch
        checked={theme === 'dark'}
        onChange={(on) => setTheme(on ? 'dark' : 'light')}
        label="Dark Mode"
        description="Easier on the eyes at night. Saved on this device."
      />
      <Switch
        checked={hideBalance ?? false}
        onChange={onHideBalance}
        disabled={hideBalance === null}
        label="Hide Balance by Default"
        description={
          hideBalance === null ? (
            <PendingNote />
          ) : (
            (hideNote ??
            'The home screen opens with amounts masked; the eye button shows them. Syncs to your other devices.')
          )
        }
      />
      <Switch
        checked={pushOn}
        onChange={(on) => void onPush(on)}
        disabled={notificationSupport() === 'unsupported'}
        label="Push Notifications"
        description={pushNote ?? 'Uses this browser’s notification permission. Saved on this device only.'}
      />
      <Switch
        checked={haptics}
        onChange={onHaptics}
        label="Haptic Feedback"
        description={
          typeof navigator.vibrate === 'function'
            ? 'Saved on this device only. Your phone buzzes briefly when you turn it on.'
            : 'Saved on this device only. This device cannot vibrate, so it has no effect here.'
        }
      />
    </div>
  )
}
