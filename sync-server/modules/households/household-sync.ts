import type { PushAnswer, PushRow } from '../../../schema/api/sync'
import type { Household, HouseholdExpense, Settlement } from '../../../schema/entities/household'
import { toWire } from '../../db/documents'
import type { DocumentUnit, StoredDocument } from '../../db/documents'
import { FORBIDDEN_DOCUMENT, HttpError } from '../../http-error'
import { canonicalJson, parseDocument } from '../sync/document-state'
import type { DocumentData } from '../sync/document-state'
import { idUnavailable, mapInSlices } from '../sync/push-rows'
import { acceptNewExpense, acceptNewSettlement, mergePushedExpense, mergePushedSettlement, tombstoneFor } from './rules'
import { householdOf } from './service'
import type { HouseholdCollection, HouseholdService } from './service'

/**
 * Replication of the household collections (DESIGN §4): scope by membership, not owner. A pull
 * returns the rows of the caller's households; for a household they left or were removed from, the
 * rows up to their removal point come as placeholder tombstones so their devices drop them, and
 * nothing after. A push is merged by the server's rules: each member changes only their own
 * review or confirmation; owner, status, members and deadlines are the server's. Where the stored
 * result differs from what was pushed, it is returned as the conflict, newer, so the device takes it.
 */
export class HouseholdSync {
  constructor(private readonly households: HouseholdService) {}

  /** `known`: how many rows the page before said follow `sinceSeq` (PullQuery's `remaining`), else counted. */
  async pullJson(
    collection: HouseholdCollection,
    userId: string,
    sinceSeq: number,
    limit: number,
    known?: number,
  ): Promise<string> {
    const rows = await this.households.householdDocs.scoped(collection, userId, sinceSeq, limit, known === undefined)
    const seq = rows.at(-1)?.seq ?? sinceSeq
    // Only a full page can have more behind it; the count drives a new device's progress bar.
    const after = known === undefined ? Number(rows[0]?.after ?? 0) : known - rows.length
    const remaining = rows.length < limit ? 0 : Math.max(0, after)
    const docs = rows.map((r) =>
      r.removed_seq === null
        ? `${r.data.slice(0, -1)},"_deleted":${r.deleted ? 'true' : 'false'}}`
        : JSON.stringify(tombstoneFor(collection, r.id, r.owner_id, r.household_id)),
    )
    return `{"documents":[${docs.join(',')}],"checkpoint":{"seq":${seq}},"remaining":${remaining}}`
  }

  /**
   * Applies a push in one transaction; returns the conflicts (the stored state where it differs
   * from the push) and a refusal for a row whose id belongs to a household the caller never joined.
   * The rows are parsed a slice at a time with the event loop free between (push-rows.ts).
   */
  async push(collection: HouseholdCollection, userId: string, rows: PushRow[]): Promise<PushAnswer> {
    const parsed = await mapInSlices(rows, (row, index) => {
      const next = parseDocument(collection, row.newDocumentState)
      if (!next.ok) {
        const text = next.issues.slice(0, 3).map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
        throw new HttpError(
          400,
          `Invalid document at index ${index}: ${text.join('; ')}`,
          'INVALID_DOCUMENT',
          next.issues,
        )
      }
      return next
    })
    const now = this.households.now
    return this.households.deps.documents.write(async (unit) => {
      // Memberships and households do not change within a push: look each up once.
      const lookups = memberLookups(this.households, userId)
      const conflicts = []
      for (const { data, deleted } of parsed) {
        const conflict = await this.apply(unit, lookups, collection, data, deleted, now)
        if (conflict) conflicts.push(conflict)
      }
      return conflicts
    })
  }

  /**
   * Re-sends the current state of rows of households the caller belongs to (schema/api/sync.ts
   * RestampBody): a new seq, content unchanged, announced to every member. Returns how many.
   */
  restamp(collection: HouseholdCollection, userId: string, ids: readonly string[]): Promise<number> {
    return this.households.deps.documents.write(async (unit) => {
      let restamped = 0
      for (const id of new Set(ids)) {
        const row = await unit.get(collection, id)
        if (!row || !(await this.households.members.active(householdOf(row), userId))) continue
        await unit.putAllowed(collection, row.ownerId, row.data, row.deleted)
        restamped++
      }
      return restamped
    })
  }

  /** One pushed row: written (announced with the push's commit) or not; returns its conflict, if any. */
  private async apply(
    unit: DocumentUnit,
    lookups: MemberLookups,
    collection: HouseholdCollection,
    pushed: DocumentData,
    deleted: boolean,
    now: number,
  ): Promise<PushAnswer[number] | undefined> {
    const userId = lookups.userId
    const existing = await unit.get(collection, String(pushed.id))
    const householdId = existing ? householdOf(existing) : String(pushed.householdId ?? pushed.id)
    // An existing row filed elsewhere, or of a household the caller never joined: its id is taken,
    // answered alike whoever holds it, and the rest of the push goes on.
    const foreign = existing && collection !== 'households' && pushed.householdId !== householdId
    if (foreign || (existing && !(await lookups.known(householdId)))) return idUnavailable(String(pushed.id))
    if (!(await lookups.active(householdId))) {
      // A former member's device gets the tombstone it should have; anyone else learns nothing.
      if (!(await lookups.known(householdId))) throw new HttpError(403, FORBIDDEN_DOCUMENT, 'FORBIDDEN')
      return tombstoneFor(collection, String(pushed.id), String(pushed.ownerId), householdId)
    }
    if (!existing && (collection === 'households' || deleted)) {
      if (collection === 'households') throw new HttpError(403, FORBIDDEN_DOCUMENT, 'FORBIDDEN')
      return undefined
    }
    const household = await lookups.household(householdId)
    let result: DocumentData
    try {
      result = existing
        ? this.merge(collection, existing.data, pushed, userId, household, now)
        : this.accept(collection, pushed, userId, household, now)
    } catch (error) {
      // A new row the rules refuse (a member left while the device was offline) must not block
      // the device's queue forever: it is answered with its own tombstone, so the device drops it.
      if (!(error instanceof HttpError) || error.statusCode !== 400 || existing) throw error
      const updatedAt = Number(pushed.updatedAt) + 1
      return { ...pushed, updatedAt, _deleted: true }
    }
    let stored: StoredDocument | undefined = existing
    if (!existing || canonicalJson(result) !== canonicalJson(existing.data))
      stored = await unit.putAllowed(collection, existing?.ownerId ?? userId, result, existing?.deleted ?? false)
    const wire = toWire(stored!)
    return canonicalJson(wire) === canonicalJson({ ...pushed, _deleted: deleted }) ? undefined : wire
  }

  private merge(
    collection: HouseholdCollection,
    stored: DocumentData,
    pushed: DocumentData,
    userId: string,
    household: Household,
    now: number,
  ) {
    if (collection === 'household_expenses')
      return mergePushedExpense(stored as HouseholdExpense, pushed as HouseholdExpense, userId, now, household)
    if (collection === 'settlements')
      return mergePushedSettlement(stored as Settlement, pushed as Settlement, userId, now, household)
    return stored
  }

  private accept(
    collection: HouseholdCollection,
    pushed: DocumentData,
    userId: string,
    household: Household,
    now: number,
  ) {
    const ctx = { callerId: userId, household, now }
    return collection === 'household_expenses'
      ? acceptNewExpense(pushed as HouseholdExpense, ctx)
      : acceptNewSettlement(pushed as Settlement, ctx)
  }
}

interface MemberLookups {
  userId: string
  /** The caller belongs to the household now. */
  active(householdId: string): Promise<boolean>
  /** The caller belongs or belonged to it. */
  known(householdId: string): Promise<boolean>
  household(householdId: string): Promise<Household>
}

function memberLookups(households: HouseholdService, userId: string): MemberLookups {
  const memo = <T>(read: (householdId: string) => T) => {
    const seen = new Map<string, T>()
    return (householdId: string): T => {
      if (!seen.has(householdId)) seen.set(householdId, read(householdId))
      return seen.get(householdId)!
    }
  }
  return {
    userId,
    active: memo(async (id) => (await households.members.active(id, userId)) !== undefined),
    known: memo(async (id) => (await households.members.find(id, userId)) !== undefined),
    household: memo(async (id) => (await households.access(id, userId)).household),
  }
}
