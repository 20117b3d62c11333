import { useState } from 'react'
import { PendingNote } from '../../components/profile/profile-pending'
import { Switch } from '../../components/ui/switch'
import { setHideBalance } from '../../data/preferences'
import { setTheme, useTheme } from '../../lib/theme'
import { useLocalPreference, vibrate, writeLocalPreference } from './local-preferences'
import { PushNotifications } from './push-notifications'

/** `hideBalance` is null while the profile has not reached this device. */
export function AppearanceSection({ hideBalance }: { hideBalance: boolean | null }) {
  const theme = useTheme()
  const haptics = useLocalPreference('haptics')
  const [hideNote, setHideNote] = useState<string | null>(null)

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
      <PushNotifications>
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
      </PushNotifications>
    </div>
  )
}
