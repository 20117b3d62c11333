import { ADMIN_MESSAGES } from '../../../schema/api/admin'
import type { AdminUser } from '../../../schema/api/admin'
import type { UsersRepository } from '../../db/users'
import { HttpError } from '../../http-error'
import type { StreamBus } from '../sync/stream-bus'
import { toAdminUser } from './users'

/**
 * Suspends or reactivates an account. Suspension keeps every row and every token's version:
 * sign-in and each token are refused while the flag is set (plugins/auth.ts, routes/auth.ts),
 * and the user's open event streams end now. Reactivation clears the flag, so the same tokens
 * work again. Admin accounts cannot be suspended (the back office must keep an admin).
 */
export async function setSuspended(
  users: UsersRepository,
  bus: StreamBus,
  id: string,
  suspended: boolean,
): Promise<AdminUser> {
  const row = await users.findById(id)
  if (!row) throw new HttpError(404, ADMIN_MESSAGES.userNotFound, 'NOT_FOUND')
  if (suspended && row.role === 'admin') throw new HttpError(400, ADMIN_MESSAGES.cannotSuspendAdmin, 'ADMIN_ACCOUNT')
  const updated = await users.setSuspended(id, suspended)
  if (suspended) bus.endStreams(id)
  return toAdminUser(updated)
}
