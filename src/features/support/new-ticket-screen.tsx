import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { SUPPORT_MESSAGES } from '../../../schema/api/support'
import { TICKET_CATEGORIES, TICKET_PRIORITIES, type Ticket } from '../../../schema/entities/ticket'
import { Button, ButtonLink } from '../../components/ui/button'
import { ChoiceField, TextAreaField, TextField } from '../../components/ui/field'
import { PageHeader } from '../../components/ui/page-header'
import { createTicket } from '../../data/tickets'
import { CATEGORY_LABELS, PRIORITY_LABELS } from './ticket-labels'
import './support.css'
import { AlertLine } from '../../components/ui/alert-line'
import { useRecheck } from '../../lib/use-recheck'

function PriorityRadios({ value, onChange }: { value: Ticket['priority']; onChange: (p: Ticket['priority']) => void }) {
  return (
    <fieldset className="priority-radios">
      <legend className="field__label">Priority</legend>
      {TICKET_PRIORITIES.map((p) => (
        <label key={p} className={value === p ? 'priority-radio priority-radio--on' : 'priority-radio'}>
          <input type="radio" name="priority" value={p} checked={value === p} onChange={() => onChange(p)} />
          {PRIORITY_LABELS[p]}
        </label>
      ))}
    </fieldset>
  )
}

/** /support/tickets/new: saved locally at once (offline too); the server numbers it when it arrives. */
export default function NewTicketScreen() {
  const navigate = useNavigate()
  const [category, setCategory] = useState<Ticket['category'] | ''>('')
  const [subject, setSubject] = useState('')
  const [description, setDescription] = useState('')
  const [priority, setPriority] = useState<Ticket['priority']>('medium')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const check = useRecheck(() =>
    !category || !subject.trim() || !description.trim() ? SUPPORT_MESSAGES.ticketRequired : null,
  )

  const submit = async () => {
    if (check.submit() !== null || !category) return
    setSaving(true)
    setError(null)
    try {
      const ticket = await createTicket({ category, subject, description, priority })
      void navigate(`/support/tickets/${ticket.id}`, { replace: true })
    } catch (e) {
      console.error(e)
      setError(SUPPORT_MESSAGES.ticketFailed)
      setSaving(false)
    }
  }

  return (
    <div className="support-page">
      <PageHeader title="Raise a Ticket" subtitle="Tell us what happened. It is sent as soon as you are online." />
      <form
        className="support-card support-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        <ChoiceField
          label="Category"
          choices={TICKET_CATEGORIES}
          labelOf={(c) => CATEGORY_LABELS[c]}
          placeholder={{ text: 'Choose a category' }}
          value={category}
          onChange={(e) => setCategory(e.target.value as Ticket['category'])}
        />
        <TextField label="Subject" maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} />
        <TextAreaField
          label="Description"
          rows={6}
          maxLength={5000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <PriorityRadios value={priority} onChange={setPriority} />
        <AlertLine message={check.result ?? error} />
        <div className="support-form__actions">
          <ButtonLink to="/support/tickets" variant="outline">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={saving}>
            {saving ? 'Submitting...' : 'Submit'}
          </Button>
        </div>
      </form>
    </div>
  )
}
