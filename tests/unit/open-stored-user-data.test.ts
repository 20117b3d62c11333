import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const openUserData = vi.fn((..._args: unknown[]) => Promise.resolve({}))
vi.mock('../../src/data/database', () => ({ openUserData, openDemoData: vi.fn() }))

/** A Storage over a Map, as the browser's localStorage and sessionStorage. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  }
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage())
  vi.stubGlobal('sessionStorage', memoryStorage())
  openUserData.mockClear()
})
afterEach(() => vi.unstubAllGlobals())

const signIn = (user: object | null) => {
  localStorage.setItem('hisaab.token', 'token-1')
  if (user) localStorage.setItem('hisaab.user', JSON.stringify(user))
}

describe('openStoredUserData (a signed-in page starts opening its database before the gate renders)', () => {
  it('opens the stored user database', async () => {
    const { openStoredUserData } = await import('../../src/app/shell/user-data-gate')
    signIn({ id: 'user-1', email: 'a@b.c' })
    openStoredUserData()
    expect(openUserData).toHaveBeenCalledTimes(1)
    expect(openUserData.mock.calls[0]![0]).toBe('user-1')
  })

  it('opens nothing in the demo, without a known user or without a session', async () => {
    const { openStoredUserData } = await import('../../src/app/shell/user-data-gate')
    openStoredUserData()
    signIn(null)
    openStoredUserData()
    localStorage.setItem('hisaab.user', JSON.stringify({ id: 'user-1', email: 'a@b.c' }))
    sessionStorage.setItem('hisaab.demo', '1')
    openStoredUserData()
    expect(openUserData).not.toHaveBeenCalled()
  })

  it('leaves a failed opening to the gate, which asks again and shows it (no unhandled rejection)', async () => {
    const { openStoredUserData } = await import('../../src/app/shell/user-data-gate')
    signIn({ id: 'user-1', email: 'a@b.c' })
    openUserData.mockReturnValueOnce(Promise.reject(new Error('IndexedDB unavailable')))
    expect(() => openStoredUserData()).not.toThrow()
    // An unhandled rejection would fail this run.
    await new Promise((resolve) => setTimeout(resolve, 10))
  })
})
