import { MAX_NOTE_CHARS } from '../../../schema/validation/rules'
import { TextAreaField } from '../ui/field'

/** An entry's optional note, as the add form and the edit dialog both ask for it. */
export function NoteField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextAreaField
      label="Description"
      name="description"
      maxLength={MAX_NOTE_CHARS}
      rows={2}
      placeholder="Optional note"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}
