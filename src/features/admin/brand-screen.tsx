import { Info, RotateCcw, Save } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { BRAND_MESSAGES, BrandInput, DEFAULT_BRAND, type Brand } from '../../../schema/brand'
import { heroColors } from '../../../schema/calc/contrast'
import { Button } from '../../components/ui/button'
import { ConfirmDialog } from '../../components/ui/confirm-dialog'
import { TextField } from '../../components/ui/field'
import { useToast } from '../../components/ui/toast'
import { resetBrand, saveBrand } from '../../data/admin-api'
import { brandChanged } from '../../data/brand'
import { useAuth } from '../../data/auth-context'
import { useBrand } from '../../data/use-brand'
import { actionError } from './admin-format'
import './admin.css'
import { AlertLine } from '../../components/ui/alert-line'
import { AdminPageHeader } from './admin-page-parts'
import { useRecheck } from '../../lib/use-recheck'

/** Spec part 2 §9: reload delays after save and reset. */
export const SAVE_RELOAD_MS = 2_000
export const RESET_RELOAD_MS = 1_500

type Draft = Omit<BrandInput, 'tagline'> & { tagline: string }
const HEX = /^#[0-9a-f]{6}$/i

function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const valid = HEX.test(value)
  return (
    <div className="brand-color">
      <input
        type="color"
        aria-label={`${label} picker`}
        value={valid ? value.toLowerCase() : '#000000'}
        onChange={(e) => onChange(e.target.value)}
      />
      <TextField
        label={label}
        value={value}
        maxLength={7}
        spellCheck={false}
        error={valid ? null : BRAND_MESSAGES.colorInvalid}
        onChange={(e) => onChange(e.target.value.trim())}
      />
    </div>
  )
}

/**
 * The brand as the app will draw it: the colours moved to the shades that carry white text (the
 * app's hero cards and buttons use the same ones), and a word when a colour was darkened.
 */
function Preview({ draft }: { draft: Draft }) {
  const ok = HEX.test(draft.primaryColor) && HEX.test(draft.secondaryColor)
  const primary = (ok ? draft.primaryColor : DEFAULT_BRAND.primaryColor).toLowerCase()
  const secondary = (ok ? draft.secondaryColor : DEFAULT_BRAND.secondaryColor).toLowerCase()
  const hero = heroColors(primary, secondary)
  const adjusted = [
    [primary, hero.from],
    [secondary, hero.to],
  ].filter(([chosen, shown]) => chosen !== shown)
  return (
    <>
      <section
        className="brand-preview"
        aria-label="Preview"
        data-testid="brand-preview"
        style={{ background: `linear-gradient(135deg, ${hero.from}, ${hero.to})`, color: hero.text }}
      >
        <span className="brand-preview__name admin-break">{draft.appName || DEFAULT_BRAND.appName}</span>
        <span className="admin-break">{draft.tagline}</span>
      </section>
      {adjusted.length ? (
        <p className="admin-tip" data-testid="brand-adjusted">
          <Info size={16} aria-hidden="true" /> Shown as the app draws it:{' '}
          {adjusted.map(([chosen, shown]) => `${chosen} is darkened to ${shown}`).join(', ')}, so white text on it stays
          readable.
        </p>
      ) : null}
    </>
  )
}

/** Save and Reset: stored on the server, shown here at once, then the page reloads (spec part 2 §4). */
function useBrandActions(setError: (error: string | null) => void) {
  const { token } = useAuth()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const run = async (action: () => Promise<Brand>, message: string, delay: number, failure: string) => {
    setError(null)
    setBusy(true)
    try {
      const saved = await action()
      brandChanged(saved)
      document.title = saved.appName
      toast.show(message)
      timer.current = setTimeout(() => window.location.reload(), delay)
      return true
    } catch (caught) {
      setError(actionError(caught, failure))
      setBusy(false)
      return false
    }
  }

  const save = (draft: Draft) => {
    const parsed = BrandInput.safeParse(draft)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the fields')
      return Promise.resolve(false)
    }
    const brand = parsed.data
    return run(() => saveBrand(token, brand), 'Brand settings saved. Reloading…', SAVE_RELOAD_MS, 'Could not save')
  }
  const reset = () =>
    run(() => resetBrand(token), 'Brand settings reset to defaults. Reloading…', RESET_RELOAD_MS, 'Could not reset')
  return { busy, save, reset }
}

/** /admin/brand: name, tagline and colours for everyone, stored on the server (spec part 2 §2, §4). */
export default function BrandScreen() {
  const brand = useBrand()
  const [draft, setDraft] = useState<Draft>(() => ({ ...brand }))
  const [error, setError] = useState<string | null>(null)
  const [confirmReset, setConfirmReset] = useState(false)
  const { busy, save, reset } = useBrandActions(setError)
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const check = useRecheck(() => {
    const parsed = BrandInput.safeParse(draft)
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please check the fields')
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (check.submit() === null) void save(draft)
  }

  return (
    <div className="admin-page">
      <AdminPageHeader title="Brand Settings" lead="The name and colours every user and visitor sees." />
      <Preview draft={draft} />
      <form className="admin-card admin-form" onSubmit={submit} noValidate>
        <AlertLine message={check.result ?? error} className="admin-alert" />
        <TextField
          label="App Name"
          maxLength={40}
          value={draft.appName}
          onChange={(e) => set({ appName: e.target.value })}
        />
        <TextField
          label="Tagline"
          maxLength={100}
          value={draft.tagline}
          onChange={(e) => set({ tagline: e.target.value })}
        />
        <ColorField label="Primary Color" value={draft.primaryColor} onChange={(v) => set({ primaryColor: v })} />
        <ColorField label="Secondary Color" value={draft.secondaryColor} onChange={(v) => set({ secondaryColor: v })} />
        <p className="admin-tip">
          <Info size={16} aria-hidden="true" /> Changes apply for everyone after a refresh. Text colours are adjusted so
          they stay readable on any brand colour.
        </p>
        <div className="admin-toolbar">
          <Button type="submit" disabled={busy} icon={<Save size={18} aria-hidden="true" />}>
            Save Changes
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            icon={<RotateCcw size={18} aria-hidden="true" />}
            onClick={() => setConfirmReset(true)}
          >
            Reset to Defaults
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmReset}
        title="Reset brand settings to defaults?"
        description={`The name goes back to ${DEFAULT_BRAND.appName} and the colours to the original palette.`}
        confirmLabel="Reset"
        busy={busy}
        onConfirm={() => void reset().then(() => setConfirmReset(false))}
        onCancel={() => setConfirmReset(false)}
      />
    </div>
  )
}
