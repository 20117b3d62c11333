import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react'
import type { Receipt } from '../../../schema/entities/receipt'
import { useAuth } from '../../data/auth-context'
import { keepReceiptPhoto, receiptPhotoUrl, useReceiptUpload } from '../../data/receipts'
import { reduceReceiptImage, ReceiptImageError } from '../../lib/receipt-image'
import { Button } from '../ui/button'
import { Modal } from '../ui/modal'
import './receipt.css'

/** The photo of a receipt as an object URL while shown (null while loading or when unavailable). */
export function useReceiptPhoto(receipt: Receipt | null | undefined): { url: string | null; loading: boolean } {
  const [state, setState] = useState<{ id: string | null; url: string | null }>({ id: null, url: null })
  const id = receipt?.id ?? null
  useEffect(() => {
    if (!receipt) return
    let url: string | null = null
    let live = true
    void receiptPhotoUrl(receipt).then((made) => {
      url = made
      if (live) setState({ id: receipt.id, url: made })
      else if (made) URL.revokeObjectURL(made)
    })
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
    // The photo of one id never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])
  return { url: state.id === id ? state.url : null, loading: id !== null && state.id !== id }
}

/** The receipt viewer: the photo as large as the screen allows. */
export function ReceiptViewer({ receipt, onClose }: { receipt: Receipt | null; onClose: () => void }) {
  const { url, loading } = useReceiptPhoto(receipt)
  return (
    <Modal open={receipt !== null} title="Receipt" onClose={onClose} className="receipt-viewer">
      {url ? (
        <img className="receipt-viewer__photo" src={url} alt="Receipt photo" />
      ) : (
        <p className="receipt-field__status" role="status">
          {loading ? 'Loading the receipt…' : 'This receipt is not available offline yet. Connect to see it.'}
        </p>
      )}
    </Modal>
  )
}

interface FieldProps {
  value: Receipt | null
  onChange: (receipt: Receipt | null) => void
}

/** "Receipt" on the expense forms: add a photo (a file or the camera), then view, replace or remove it. */
export function ReceiptField({ value, onChange }: FieldProps) {
  // The demo keeps nothing beyond the page: no photos there.
  if (useAuth().demo) return null
  return <ReceiptControl value={value} onChange={onChange} />
}

/** Where this device's copy of the receipt stands: waiting to upload, or refused by the server. */
export function ReceiptUploadNote({ receipt }: { receipt: Receipt | null | undefined }) {
  const status = useReceiptUpload(receipt?.id)
  if (!status) return null
  return status.state === 'refused' ? (
    <p className="receipt-field__error" role="alert" data-testid="receipt-refused">
      The photo was not uploaded: {status.message}
    </p>
  ) : (
    <p className="receipt-field__status" data-testid="receipt-waiting">
      Kept on this device; it uploads when the entry has synced.
    </p>
  )
}

interface ChosenProps {
  receipt: Receipt
  busy: boolean
  onView: () => void
  onReplace: () => void
  onRemove: () => void
}

/** The photo on the entry: a thumbnail, its size, and View, Replace and Remove. */
function ChosenReceipt({ receipt, busy, onView, onReplace, onRemove }: ChosenProps) {
  const { url } = useReceiptPhoto(receipt)
  return (
    <div className="receipt-field__chosen">
      {url ? <img className="receipt-field__thumb" src={url} alt="Receipt thumbnail" /> : null}
      <span className="receipt-field__size" data-testid="receipt-size">
        {Math.max(1, Math.round(receipt.bytes / 1024))} KB
      </span>
      <div className="receipt-field__actions">
        <Button type="button" size="sm" variant="outline" onClick={onView}>
          View
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy} onClick={onReplace}>
          Replace
        </Button>
        <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </div>
  )
}

function ReceiptControl({ value, onChange }: FieldProps) {
  const labelId = useId()
  const pick = useRef<HTMLInputElement>(null)
  const camera = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [viewing, setViewing] = useState(false)
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    setBusy(true)
    setError(null)
    try {
      onChange(await keepReceiptPhoto(await reduceReceiptImage(file)))
    } catch (e) {
      setError(e instanceof ReceiptImageError ? e.message : 'Could not keep this photo. Please try another.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="receipt-field" role="group" aria-labelledby={labelId} data-receipt={value?.id}>
      <span id={labelId} className="field__label">
        Receipt
      </span>
      <input
        ref={pick}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => void onFile(e)}
        data-testid="receipt-file"
      />
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={(e) => void onFile(e)}
        data-testid="receipt-camera"
      />
      {value ? (
        <ChosenReceipt
          receipt={value}
          busy={busy}
          onView={() => setViewing(true)}
          onReplace={() => pick.current?.click()}
          onRemove={() => onChange(null)}
        />
      ) : (
        <div className="receipt-field__actions">
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => pick.current?.click()}>
            Add photo
          </Button>
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => camera.current?.click()}>
            Take photo
          </Button>
        </div>
      )}
      <ReceiptUploadNote receipt={value} />
      {busy ? (
        <p className="receipt-field__status" role="status">
          Reducing the photo…
        </p>
      ) : null}
      {error ? (
        <p className="receipt-field__error" role="alert">
          {error}
        </p>
      ) : null}
      <ReceiptViewer receipt={viewing ? value : null} onClose={() => setViewing(false)} />
    </div>
  )
}
