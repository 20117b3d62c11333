import { from, switchMap, type Observable } from 'rxjs'
import type { CollectionName } from '../../schema/collections'
import { userData, type HisaabDatabase } from './database'
import { openCollection } from './open-collection'

/** A collection of the open user data, once it is open (the first screen's are at once). */
export const collectionOf = <N extends CollectionName>(name: N) => openCollection(userData(), name)

/** A live query on the collections that open after the first screen's, once they are open. */
export function afterOpen$<T>(query: (db: HisaabDatabase) => Observable<T>): Observable<T> {
  return from(userData().whole).pipe(switchMap(query))
}
