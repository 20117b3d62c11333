import { useState } from 'react'
import { homeCurrencyChange } from '../../../schema/entities/profile'
import { CURRENCIES, currencyOf, formatMoney } from '../../../schema/money/money'
import { isOffline, serverMessage, updateCurrency } from '../../data/account-api'
import { missingRates, type MissingRates } from '../../data/rate-offer'
import { patchProfile } from '../../data/writes'
import { SETTINGS_TEXT, withReason } from './messages'
import { MissingRatesNote } from './missing-rates'
import { StatusLine, type Status } from './section'

/**
 * The ten currencies (spec part 1 §3). The choice is saved on the server (PUT /api/auth/currency),
 * which also updates the synced profile; the local profile takes it at once as well.
 */
export function CurrencySection({ current, legacy }: { current: string; legacy?: string | undefined }) {
  const [saving, setSaving] = useState<string | null>(null)
  const [message, setMessage] = useState<Status>(null)
  const [missing, setMissing] = useState<{ home: string; rates: MissingRates } | null>(null)

  const choose = async (code: string) => {
    if (code === current || saving) return
    setSaving(code)
    setMessage(null)
    setMissing(null)
    try {
      await updateCurrency(code)
      // The first change pins the old currency as the one entries without their own are in.
      const home = homeCurrencyChange({ currency: current, legacyCurrency: legacy }, code)
      await patchProfile(home)
      const { symbol, name } = currencyOf(code)
      setMessage({
        text: `✅ Currency set to ${name} (${symbol}). Amounts now show as ${formatMoney(125_000_00, code)}.`,
        tone: 'ok',
      })
      // Counted after the change is saved; a failure to count never reads as a failed change.
      missingRates(home)
        .then((rates) => setMissing({ home: code, rates }))
        .catch((e: unknown) => console.warn(e))
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
      {missing ? <MissingRatesNote missing={missing.rates} home={missing.home} /> : null}
    </div>
  )
}
