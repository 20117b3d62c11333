import { useRegisterSW } from 'virtual:pwa-register/react'
import { Button } from '../components/ui/button'

/** registerType 'prompt': a new service worker waits until the user chooses to reload. */
export default function PwaUpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error)
    },
  })
  if (!needRefresh) return null
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-prompt-title">
      <span id="update-prompt-title">New version available</span>
      <div className="update-prompt__actions">
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
        <Button size="sm" variant="primary" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
      </div>
    </div>
  )
}
