import { HardDrive } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '../../components/ui/button'
import { keepStorage, storageUse, type StorageUse } from '../../data/storage-persistence'
import { useSyncState } from '../../data/sync-state'
import { formatBytes } from '../../lib/format-bytes'
import './data-management.css'

const KEPT_TEXT = {
  kept: 'Kept: this browser won’t clear Hisaab’s data to free up space.',
  notKept:
    'Not kept: this browser may clear Hisaab’s data when storage runs low. What has synced is safe on the server; ' +
    'entries not synced yet would be lost.',
  unknown: 'This browser doesn’t say whether it keeps Hisaab’s data.',
  refused: 'The browser didn’t agree. Browsers usually keep the data of installed apps and sites used often.',
} as const

/** How much this site stores, read when the section opens and after asking to keep it. */
function useStorageUse(version: number): StorageUse | null {
  const [use, setUse] = useState<StorageUse | null>(null)
  useEffect(() => {
    let live = true
    void storageUse().then((found) => live && setUse(found))
    return () => {
      live = false
    }
  }, [version])
  return use
}

/** Settings → Data Management: whether the browser keeps this device's data, and how much it uses. */
export function StorageStatus() {
  const { storageKept } = useSyncState()
  const [asking, setAsking] = useState(false)
  const [refused, setRefused] = useState(false)
  const [version, setVersion] = useState(0)
  const use = useStorageUse(version)
  const state = storageKept === null ? 'unknown' : storageKept ? 'kept' : 'not-kept'

  const ask = async () => {
    setAsking(true)
    const kept = await keepStorage({ again: true })
    setRefused(kept === false)
    setAsking(false)
    setVersion((v) => v + 1)
  }

  return (
    <div className="storage-status" data-testid="storage-status" data-kept={state}>
      <h3 className="settings-subtitle">Storage on this device</h3>
      <p className="storage-status__line">
        <HardDrive size={18} aria-hidden="true" />
        <span>{storageKept === null ? KEPT_TEXT.unknown : storageKept ? KEPT_TEXT.kept : KEPT_TEXT.notKept}</span>
      </p>
      {use ? (
        <p className="settings-note" data-testid="storage-usage">
          Using {formatBytes(use.usage)} of about {formatBytes(use.quota)} this browser allows.
        </p>
      ) : null}
      {storageKept === false ? (
        <div className="settings-stack settings-stack--tight">
          <Button variant="secondary" size="sm" onClick={() => void ask()} disabled={asking}>
            {asking ? 'Asking…' : 'Ask to keep it'}
          </Button>
          {refused ? <p className="settings-note">{KEPT_TEXT.refused}</p> : null}
        </div>
      ) : null}
    </div>
  )
}
