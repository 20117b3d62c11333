import type { Browser, BrowserContextOptions } from '@playwright/test'
import { expect, newUser } from './fixtures'
import type { ServerProcess } from './server'

/** An account made over REST, with what a device needs to be signed in as it. */
export interface Person {
  email: string
  password: string
  name: string
  token: string
  userId: string
  user: unknown
}

export async function person(server: ServerProcess, label: string): Promise<Person> {
  const fresh = newUser(label)
  const res = await server.api<{ token: string; user: { id: string } }>('POST', '/auth/register', undefined, {
    email: fresh.email,
    password: fresh.password,
    name: fresh.name,
  })
  expect(res.status).toBe(201)
  return { ...fresh, token: res.body.token, userId: res.body.user.id, user: res.body.user }
}

/** A device of `who`, signed in, in the given look (a browser context of its own). */
export async function device(
  browser: Browser,
  server: ServerProcess,
  who: Person,
  options: BrowserContextOptions = {},
) {
  const context = await browser.newContext({ baseURL: server.url, ...options })
  await context.addInitScript(
    ({ token, user }) => {
      // Once per device: a later page load (after a sign-out or account deletion) must not sign in again.
      if (localStorage.getItem('e2e.seeded')) return
      localStorage.setItem('e2e.seeded', '1')
      localStorage.setItem('hisaab.token', token)
      localStorage.setItem('hisaab.user', JSON.stringify(user))
    },
    { token: who.token, user: who.user },
  )
  return context.newPage()
}
