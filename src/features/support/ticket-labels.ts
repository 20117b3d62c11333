import type { Ticket } from '../../../schema/entities/ticket'

export const CATEGORY_LABELS: Record<Ticket['category'], string> = {
  bug: 'Bug report',
  question: 'Question',
  feature: 'Feature request',
  billing: 'Billing',
  whatsapp: 'WhatsApp',
  account: 'Account',
  data: 'Data',
  other: 'Other',
}

export const PRIORITY_LABELS: Record<Ticket['priority'], string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
}

export const STATUS_LABELS: Record<Ticket['status'], string> = {
  open: 'Open',
  waiting: 'Waiting for you',
  resolved: 'Resolved',
  closed: 'Closed',
}

/** Spec part 1 §9: the list shows the first 100 characters of the description. */
export function descriptionPreview(text: string, limit = 100): string {
  const chars = [...text]
  return chars.length > limit ? `${chars.slice(0, limit).join('')}…` : text
}

export function ticketDate(ms: number): string {
  return new Date(ms).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
}
