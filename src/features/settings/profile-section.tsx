import { useState, type FormEvent } from 'react'
import {
  ANNUAL_INCOME_RANGES,
  PROFILE_TEXT_LIMITS,
  profileFieldErrors,
  type ProfileField,
} from '../../../schema/validation/profile-input'
import { MAX_NAME_CHARS } from '../../../schema/validation/rules'
import { Button } from '../../components/ui/button'
import { SelectField, TextAreaField, TextField } from '../../components/ui/field'
import { Switch } from '../../components/ui/switch'
import { isOffline, serverMessage, updateProfile, type AccountUser, type ProfileFields } from '../../data/account-api'
import { RELOAD_AFTER_MS, SETTINGS_TEXT, withReason } from './messages'
import { StatusLine, type Status } from './section'
import { useRecheck } from '../../lib/use-recheck'

const INCOME_LABELS: Record<(typeof ANNUAL_INCOME_RANGES)[number], string> = {
  '0-3L': '0-3L (up to ₹3 lakh)',
  '3-6L': '3-6L (₹3–6 lakh)',
  '6-10L': '6-10L (₹6–10 lakh)',
  '10-15L': '10-15L (₹10–15 lakh)',
  '15L+': '15L+ (above ₹15 lakh)',
}

function fieldsOf(account: Partial<Omit<AccountUser, 'role'>>): ProfileFields {
  const text = (v: string | null | undefined) => v ?? ''
  const whole = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v))
  return {
    name: text(account.name),
    date_of_birth: text(account.date_of_birth),
    nationality: text(account.nationality),
    state_province: text(account.state_province),
    annual_income_range: text(account.annual_income_range),
    family_size: whole(account.family_size),
    number_of_dependents: whole(account.number_of_dependents),
    job_title: text(account.job_title),
    is_non_resident: account.is_non_resident ?? false,
    address: text(account.address),
  }
}

/** Free-text details, in the grid's order (the job title is the admin's employment figure). */
const TEXT_DETAILS = [
  { key: 'job_title', label: 'Job title', autoComplete: 'organization-title' },
  { key: 'nationality', label: 'Nationality', autoComplete: undefined },
  { key: 'state_province', label: 'State / Province', autoComplete: 'address-level1' },
] as const

/** Whole-number details: a family has at least one person; dependents may be none. */
const COUNT_DETAILS = [
  { key: 'family_size', label: 'Family size', min: 1 },
  { key: 'number_of_dependents', label: 'Number of dependents', min: 0 },
] as const

type Setter = <K extends keyof ProfileFields>(key: K, value: ProfileFields[K]) => void

function DetailsGrid(props: { fields: ProfileFields; set: Setter; error: (field: ProfileField) => string | null }) {
  const { fields, set, error } = props
  const today = new Date().toLocaleDateString('en-CA')
  return (
    <div className="settings-grid">
      <TextField
        label="Date of birth"
        type="date"
        max={today}
        error={error('date_of_birth')}
        value={fields.date_of_birth}
        onChange={(e) => set('date_of_birth', e.target.value)}
      />
      {TEXT_DETAILS.map(({ key, label, autoComplete }) => (
        <TextField
          key={key}
          label={label}
          autoComplete={autoComplete}
          maxLength={PROFILE_TEXT_LIMITS[key]}
          value={fields[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      ))}
      <SelectField
        label="Annual income"
        value={fields.annual_income_range}
        onChange={(e) => set('annual_income_range', e.target.value)}
      >
        <option value="">Prefer not to say</option>
        {ANNUAL_INCOME_RANGES.map((range) => (
          <option key={range} value={range}>
            {INCOME_LABELS[range]}
          </option>
        ))}
      </SelectField>
      {COUNT_DETAILS.map(({ key, label, min }) => (
        <TextField
          key={key}
          label={label}
          type="number"
          inputMode="numeric"
          min={min}
          max={50}
          step={1}
          error={error(key)}
          value={fields[key]}
          onChange={(e) => set(key, e.target.value)}
        />
      ))}
    </div>
  )
}

/** The user's details of spec part 1 §3, saved with PUT /api/auth/update-profile. */
export function ProfileSection({ account }: { account: Partial<Omit<AccountUser, 'role'>> }) {
  const [fields, setFields] = useState<ProfileFields>(() => fieldsOf(account))
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<Status>(null)
  const set = <K extends keyof ProfileFields>(key: K, value: ProfileFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }))
  // The server's own rules (one schema): nothing is sent while a field is wrong.
  const check = useRecheck(() => profileFieldErrors(fields))
  const error = (field: ProfileField) => check.result?.[field] ?? null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (check.submit()) return
    setBusy(true)
    setMessage(null)
    try {
      await updateProfile(fields)
      setMessage({ text: SETTINGS_TEXT.profileUpdated, tone: 'ok' })
      setTimeout(() => window.location.reload(), RELOAD_AFTER_MS)
    } catch (error) {
      setBusy(false)
      if (isOffline(error))
        setMessage({
          text: `${SETTINGS_TEXT.profileError}. ${SETTINGS_TEXT.offline('saving your profile')}`,
          tone: 'error',
        })
      else setMessage({ text: withReason(SETTINGS_TEXT.profileFailed, serverMessage(error)), tone: 'error' })
    }
  }

  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        label="Name"
        autoComplete="name"
        maxLength={MAX_NAME_CHARS}
        required
        error={error('name')}
        value={fields.name}
        onChange={(e) => set('name', e.target.value)}
      />
      <DetailsGrid fields={fields} set={set} error={error} />
      <Switch
        checked={fields.is_non_resident}
        onChange={(v) => set('is_non_resident', v)}
        label="Non-resident Indian (NRI)"
        description="You live outside India."
      />
      <TextAreaField
        label="Address"
        autoComplete="street-address"
        maxLength={PROFILE_TEXT_LIMITS.address}
        rows={3}
        value={fields.address}
        onChange={(e) => set('address', e.target.value)}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save Profile'}
      </Button>
      <StatusLine
        message={check.result ? { text: '❌ Please correct the highlighted fields', tone: 'error' } : message}
      />
    </form>
  )
}
