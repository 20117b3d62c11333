import {
  getHeightOfRevision,
  type BulkWriteRow,
  type RxDocumentData,
  type RxStorage,
  type RxStorageInstanceCreationParams,
} from 'rxdb/plugins/core'
import { defaultHashSha256 } from 'rxdb/plugins/utils'

/**
 * Works around RxDB 17.6 (pinned; tests/unit/pull-marks.test.ts): a document the device receives
 * for the first time must stay marked as the server's when the page is closed between the two
 * writes of a pull.
 *
 * RxDB's downstream writes a received document to the collection, then the server state it
 * assumes to its meta store. It marks the collection's copy with `_meta.o` (its replication and
 * the revision it wrote), so that a copy whose meta write never happened (the page was closed or
 * reloaded in between, rxdb#7804) still counts as the server's. But the collection's storage
 * wrapper (rx-storage-helper.ts `getWrappedStorageInstance`) replaces `_meta` of every insert with
 * `{ lwt }`, so the mark is lost for documents the device did not have yet. Such a document then
 * looks like an unpushed local write for good: the downstream skips every later server state of
 * it, and the upstream has already passed it (it was the downstream's write). A household created
 * as its member's page reloaded never showed anyone who joined it later.
 *
 * This storage puts the mark back on the downstream's inserts, below RxDB's wrapper.
 */

/** RxDB's context of the downstream's writes to a collection ('replication-downstream-' + checkpoint key). */
const DOWNSTREAM_WRITE = 'replication-downstream-'

type Doc = RxDocumentData<unknown> & { _meta: { lwt: number; o?: { _rev: number; hash: string } } }

/**
 * `storage` with the downstream's mark kept on inserted documents; `identifierOf` names the
 * replication of a collection as RxDB prefixes it ('rxdbreplication' + replicationIdentifier), or
 * null for storage no replication writes to. The databases use RxDB's default hash function.
 */
export function keepPullMarks<I, O>(
  storage: RxStorage<I, O>,
  identifierOf: (collectionName: string) => string | null,
): RxStorage<I, O> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance<D>(params: RxStorageInstanceCreationParams<D, O>) {
      const instance = await storage.createStorageInstance(params)
      const identifier = identifierOf(params.collectionName)
      if (!identifier) return instance
      const hash = defaultHashSha256(identifier)
      const bulkWrite = instance.bulkWrite.bind(instance)
      instance.bulkWrite = async (rows: BulkWriteRow<D>[], context: string) => {
        if (context.startsWith(DOWNSTREAM_WRITE)) {
          const o = { hash: await hash }
          for (const row of rows as BulkWriteRow<unknown>[]) {
            const doc = row.document as Doc
            if (!row.previous && !doc._meta.o)
              // A new object: RxDB shares one `_meta` between the inserts of a write.
              doc._meta = { ...doc._meta, o: { ...o, _rev: getHeightOfRevision(doc._rev) } }
          }
        }
        return bulkWrite(rows, context)
      }
      return instance
    },
  }
}
