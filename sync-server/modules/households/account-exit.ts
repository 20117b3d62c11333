import type { Household } from '../../../schema/entities/household'
import type { DocumentUnit } from '../../db/documents'
import { tombstoneFor } from './rules'
import type { HouseholdCollection, HouseholdService } from './service'

/**
 * What a deleted account leaves behind in households. A leaving account never takes the others'
 * data with it:
 * - a household with other members stays: the leaver departs like a member who leaves (their
 *   pending reviews dropped, the admin role to the longest-standing member), and everything they
 *   entered or paid stays in the ledger ("Former member" in the others' views), so balances add up;
 * - a household they were the last member of is removed: every row becomes a tombstone (its
 *   content replaced by placeholders);
 * - the rows stored under the leaver's account pass to a custodian: the household's admin, else
 *   another member, else a former member (whose devices may still need the tombstones); a
 *   household nobody else ever belonged to is deleted outright, as no device can ask for it again;
 * - invitations to the leaver's e-mail go (the address is free again); those they sent pass to
 *   the household's admin, or go with the household.
 * Runs inside the account deletion's unit, which announces the changes to the remaining members
 * once it has committed.
 */
export class AccountExit {
  constructor(private readonly households: HouseholdService) {}

  private get members() {
    return this.households.members
  }

  async run(unit: DocumentUnit, userId: string, email: string): Promise<void> {
    const now = this.households.now
    for (const { householdId } of await this.members.householdsOf(userId)) {
      const stays = (await this.members.members(householdId)).some((m) => m.userId !== userId)
      if (stays) await this.households.departIn(unit, householdId, userId, now)
      else await this.close(unit, householdId, userId, now)
    }
    // A household everyone had already left, holding what the leaver entered, goes too.
    for (const householdId of await this.households.householdDocs.householdsOwnedBy(userId)) {
      const house = await unit.get('households', householdId)
      if (house && !house.deleted && (await this.members.members(householdId)).length === 0)
        await this.close(unit, householdId, userId, now)
    }
    await this.handOver(userId)
    await this.moveInvitations(userId, email)
  }

  /** Who keeps a household's rows once `leaver` is gone: its admin, another member, a former member. */
  private async custodian(householdId: string, leaver: string): Promise<string | undefined> {
    const others = (await this.members.members(householdId)).filter((m) => m.userId !== leaver)
    const former = (await this.members.formerMembers(householdId)).filter((m) => m.userId !== leaver)
    return (others.find((m) => m.role === 'admin') ?? others[0] ?? former[0])?.userId
  }

  /** The last member leaves: every row of the household becomes a tombstone with placeholder content. */
  private async close(unit: DocumentUnit, householdId: string, leaver: string, now: number): Promise<void> {
    const member = (await this.members.active(householdId, leaver)) !== undefined
    if (member) await this.members.remove(householdId, leaver, Number.MAX_SAFE_INTEGER)
    const owner = (await this.custodian(householdId, leaver)) ?? leaver
    const house = await unit.get('households', householdId)
    const rows = [
      ...(house ? [house] : []),
      ...(await this.households.rows('household_expenses', householdId)),
      ...(await this.households.rows('settlements', householdId)),
    ]
    for (const row of rows) {
      const collection = row.collection as HouseholdCollection
      const placeholder = tombstoneFor(collection, row.id, owner, row.householdId)
      const updatedAt = Math.max(now, Number((row.data as Household).updatedAt) + 1)
      await unit.putAllowed(collection, row.ownerId, { ...placeholder, updatedAt }, true)
    }
    if (member) await this.members.remove(householdId, leaver, this.households.deps.documents.lastSeq)
    await this.members.dropInvitationsOf(householdId)
  }

  /** The rows stored under the leaver's account pass to each household's custodian, or go with it. */
  private async handOver(leaver: string): Promise<void> {
    const rows = this.households.householdDocs
    for (const key of await rows.householdsOwnedBy(leaver)) {
      const custodian = await this.custodian(key, leaver)
      if (custodian) await rows.passRows(key, leaver, custodian)
      else {
        await rows.deleteRows(key)
        await this.members.dropInvitationsOf(key)
      }
    }
  }

  private async moveInvitations(leaver: string, email: string): Promise<void> {
    await this.members.dropInvitationsTo(email.toLowerCase())
    for (const householdId of await this.members.invitedInto(leaver)) {
      const admin = (await this.members.members(householdId)).find((m) => m.role === 'admin' && m.userId !== leaver)
      if (admin) await this.members.reassignInvitations(leaver, householdId, admin.userId)
      else await this.members.dropInvitationsOf(householdId)
    }
  }
}
