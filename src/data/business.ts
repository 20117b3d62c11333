import { BUSINESS_CURRENCY } from '../../schema/entities/business'
import { map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { afterOpen$ } from './collections'
import { plainDocs } from './plain'
import { insertDocument } from './writes'

export type BusinessEntryDoc = DocOf<'business_entries'>

/**
 * Every business entry, oldest first (served by the `date` index). The collection is shared by
 * all admins and replicates only to admins.
 */
export function businessEntries$(): Observable<BusinessEntryDoc[]> {
  return afterOpen$((db) =>
    db.business_entries
      .find({ selector: { date: { $gte: 0 } }, sort: [{ date: 'asc' }] })
      .$.pipe(map((docs) => plainDocs<BusinessEntryDoc>(docs))),
  )
}

export interface BusinessEntryFields {
  kind: BusinessEntryDoc['kind']
  /** Integer paise, > 0. */
  amount: number
  category: string
  description: string
  /** ms since the epoch. */
  date: number
  /** The amount's currency, and its rate to INR (the books' currency; null: not converted). */
  currency: string
  fxRate: number | null
}

/** Saves an entry locally (works offline; replication pushes it to the other admins). */
export function addBusinessEntry(fields: BusinessEntryFields): Promise<BusinessEntryDoc> {
  const { fxRate, currency } = fields
  return insertDocument('business_entries', {
    ...fields,
    description: fields.description.trim(),
    ...(fxRate === null || currency === BUSINESS_CURRENCY ? { fxRate: null } : { fxHome: BUSINESS_CURRENCY }),
  })
}
