import { AccountExit } from '../households/account-exit'
import type { HouseholdService } from '../households/service'

/**
 * Removes an account in one transaction. Shared households stay with the other members (see
 * AccountExit: the leaver departs, their shared rows pass to a custodian); then the account's own
 * documents go (rows, not tombstones: the data is gone from the server), then the user row,
 * whose removal cascades to its WhatsApp messages, monthly report marks, phone claims, household
 * memberships and remaining invitations. With the row gone every token of the account fails
 * authentication, and the e-mail and phone number are free for a new account. Its open streams are
 * left to the devices (each signs out at its next request): ending them here, before the answer,
 * could let the deleting device's stream reconnect with a refused token and sign it out before it
 * had wiped its local database.
 */
export async function deleteAccount(households: HouseholdService, user: { id: string; email: string }): Promise<void> {
  const { deps } = households
  const exit = new AccountExit(households)
  await deps.documents.write(async (unit) => {
    await exit.run(unit, user.id, user.email)
    await deps.users.removeWithDocuments(user.id)
  })
}
