import { map, type Observable } from 'rxjs'
import type { DocOf } from '../../schema/collections'
import { userData } from './database'
import { plainDocs } from './plain'

export type BudgetDoc = DocOf<'budgets'>

/** The first `limit` budgets in the order they were made; served by the `createdAt` index. */
export function budgets$(limit: number): Observable<BudgetDoc[]> {
  const { db } = userData()
  return db.budgets
    .find({ selector: { createdAt: { $gte: 0 } }, sort: [{ createdAt: 'asc' }], limit })
    .$.pipe(map((docs) => plainDocs<BudgetDoc>(docs)))
}
