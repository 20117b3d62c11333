import type { RxCollection } from 'rxdb/plugins/core'
import { readByFirstScreen, type CollectionName, type DocOf } from '../../schema/collections'
import type { HisaabDatabase, UserData } from './database'

/**
 * One of the database's collections, once it is open: the first screen's are open with `db`, the
 * others a moment later, with `whole`.
 */
export async function openCollection<N extends CollectionName>(
  { db, whole }: Pick<UserData, 'db' | 'whole'>,
  name: N,
): Promise<RxCollection<DocOf<N>>> {
  const open = readByFirstScreen(name) ? (db as unknown as HisaabDatabase) : await whole
  return open[name] as unknown as RxCollection<DocOf<N>>
}
