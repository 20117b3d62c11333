import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../http-error'
import { deleteAccount } from '../modules/auth/delete-account'
import { verifyPassword } from '../modules/auth/passwords'

export const DELETE_ACCOUNT_MESSAGES = {
  passwordRequired: 'Please enter your password',
  passwordWrong: 'Password is incorrect',
  adminRefused: 'Admin accounts cannot be deleted here',
} as const

const DeleteAccountBody = z.object({
  password: z
    .string({ error: DELETE_ACCOUNT_MESSAGES.passwordRequired })
    .min(1, DELETE_ACCOUNT_MESSAGES.passwordRequired)
    .max(200, 'Password must be at most 200 characters'),
})

/**
 * DELETE /api/auth/account {password}: the signed-in user deletes their account and its data;
 * households they share stay with the other members. Wrong passwords here count with sign-in's.
 */
export const accountRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { users, passwordGuard: guard, households } = app
  app.delete(
    '/account',
    { schema: { body: DeleteAccountBody, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request) => {
      const user = await users.findById(request.user.id)
      if (!user) throw new HttpError(401, 'Invalid or expired token', 'UNAUTHORIZED')
      const attempt = guard.attempt(request, user.email, user.id)
      if (!(await guard.verify(attempt, () => verifyPassword(user.passwordHash, request.body.password))))
        throw new HttpError(403, DELETE_ACCOUNT_MESSAGES.passwordWrong, 'WRONG_PASSWORD')
      // The back office needs its admins; an admin is removed by another admin, not from here.
      if (user.role === 'admin') throw new HttpError(403, DELETE_ACCOUNT_MESSAGES.adminRefused, 'FORBIDDEN')
      await deleteAccount(households, user)
      return { success: true as const }
    },
  )
  done()
}
