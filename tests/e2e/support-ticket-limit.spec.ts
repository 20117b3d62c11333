import { randomUUID } from 'node:crypto'
import { SUPPORT_MESSAGES } from '../../schema/api/support'
import { TICKET_THREAD_LIMITS } from '../../schema/entities/ticket'
import { expectAccessible, SCREEN } from './support/a11y'
import { expect, test } from './support/fixtures'
import { shot, signUpWithToken } from './support/flows'

/** A thread the user's side has filled but for one message, written as a device would push it. */
function almostFullTicket(userId: string) {
  const now = Date.now()
  const count = TICKET_THREAD_LIMITS.user.messages - 1
  return {
    id: randomUUID(),
    ownerId: userId,
    updatedAt: now,
    ticketNumber: '',
    subject: 'Long running sync question',
    description: 'We have been talking about this for a while.',
    category: 'question',
    priority: 'medium',
    status: 'open',
    createdAt: now - count * 60_000 - 60_000,
    messages: Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      authorId: userId,
      authorRole: 'user',
      body: `Message ${i + 1}`,
      at: now - (count - i) * 60_000,
    })),
    _deleted: false,
  }
}

for (const look of [
  { name: 'light-390', colorScheme: 'light' as const, viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'dark-390', colorScheme: 'dark' as const, viewport: { width: 390, height: 844 }, hasTouch: true },
  { name: 'light-1280', colorScheme: 'light' as const, viewport: { width: 1280, height: 900 }, hasTouch: false },
  { name: 'dark-1280', colorScheme: 'dark' as const, viewport: { width: 1280, height: 900 }, hasTouch: false },
]) {
  test.describe(`a full ticket thread (${look.name})`, () => {
    test.use({ colorScheme: look.colorScheme, viewport: look.viewport, hasTouch: look.hasTouch })

    test('the last message fits, then the screen says the conversation is full; support still answers', async ({
      page,
      server,
    }) => {
      const { token, userId } = await signUpWithToken(page, server, `full${look.name.replace('-', '')}`)
      const ticket = almostFullTicket(userId)
      const pushed = await server.api<unknown[]>('POST', '/sync/tickets/push', token, [{ newDocumentState: ticket }])
      expect([pushed.status, pushed.body]).toEqual([200, []])

      await page.goto(`/support/tickets/${ticket.id}`)
      const thread = page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')
      await expect(thread).toHaveCount(TICKET_THREAD_LIMITS.user.messages)
      await page.getByLabel('Add a message').fill('My last word on this')
      await page.getByRole('button', { name: 'Send' }).click()
      await expect(page.getByText('My last word on this')).toBeVisible()

      // The user's side is full: no reply box, the reason, and a way on.
      await expect(page.getByLabel('Add a message')).toHaveCount(0)
      await expect(page.getByRole('status').filter({ hasText: SUPPORT_MESSAGES.threadFull })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Raise a New Ticket' })).toHaveAttribute(
        'href',
        '/support/tickets/new',
      )
      await expectAccessible(page, `full ticket ${look.name}`, { within: SCREEN })
      await page.getByRole('status').filter({ hasText: SUPPORT_MESSAGES.threadFull }).scrollIntoViewIfNeeded()
      await shot(page, `test-results/support-ticket-full-${look.name}.png`)

      // The message reached the server, and support can still answer the full thread.
      await expect
        .poll(
          async () =>
            (await server.api<{ messages: unknown[] }>('GET', `/support/tickets/${ticket.id}`, token)).body.messages
              .length,
        )
        .toBe(TICKET_THREAD_LIMITS.user.messages)
      const admin = await server.api<{ token: string }>('POST', '/auth/login', undefined, {
        email: 'admin@example.com',
        password: 'admin-password-123',
      })
      const answer = await server.api('POST', `/admin/tickets/${ticket.id}/messages`, admin.body.token, {
        message: 'Thanks, we have what we need. Closing this one soon.',
      })
      expect(answer.status).toBe(201)
      await expect(page.getByText('Thanks, we have what we need.')).toBeVisible()
      await expect(page.getByLabel('Add a message')).toHaveCount(0)
    })
  })
}
