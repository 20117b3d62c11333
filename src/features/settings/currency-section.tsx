import { useState } from 'react'
import { homeCurrencyChange } from '../../../schema/entities/profile'
import { CURRENCIES, currencyOf, formatMoney } from '../../../schema/money/money'
import { isOffline, serverMessage, updateCurrency } from '../../data/account-api'
import { patchProfile } from '../../data/writes'
import { SETTINGS_TEXT, withReason } from './messages'
import { StatusLine, type Status } from './section'

/**
 * The ten currencies (spec part 1 §3). The choice is saved on the server (PUT /api/auth/currency),
 * which also updates the synced profile; the local profile takes it at once as well.
 */
export function CurrencySection({ current, legacy }: { current: string; legacy?: string | undefined }) {
  const [saving, setSaving] = useState<string | null>(null)
  const [message, setMessage] = useState<Status>(null)

  const choose = async (code: string) => {
    if (code === current || saving) return
    setSaving(code)
    setMessage(null)
    try {
      await updateCurrency(code)
      // The first change pins the old currency as the one entries without their own are in.
      await patchProfile(homeCurrencyChange({ currency: current, legacyCurrency: legacy }, code))
      const { symbol, name } = currencyOf(code)
      setMessage({
        text: `✅ Currency set to ${name} (${symbol}). Amounts now show as ${formatMoney(125_000_00, code)}.`,
        tone: 'ok',
      })
    } catch (error) {
      if (isOffline(error)) setMessage({ text: `❌ ${SETTINGS_TEXT.offline('changing the currency')}`, tone: 'error' })
      else setMessage({ text: withReason('❌ Failed to change the currency', serverMessage(error)), tone: 'error' })
    } finally {
      setSaving(null)
    }
  }

  return (
    <div className="settings-stack">
      <div className="currency-grid" role="radiogroup" aria-label="Currency">
        {CURRENCIES.map((c) => {
          const selected = c.code === current
          return (
            <button
              key={c.code}
              type="button"
              role="radio"
              aria-checked={selected}
              className={`currency-option${selected ? ' currency-option--on' : ''}`}
              disabled={saving !== null}
              onClick={() => void choose(c.code)}
            >
              <span className="currency-option__symbol" aria-hidden="true">
                {c.symbol}
              </span>
              <span className="currency-option__text">
                <span className="currency-option__code">{c.code}</span>
                <span className="currency-option__name">{saving === c.code ? 'Saving…' : c.name}</span>
              </span>
            </button>
          )
        })}
      </div>
      <StatusLine message={message} />
    </div>
  )
}
