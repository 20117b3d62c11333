/**
 * Reading a query's rows the same way on every engine: a query builder is awaited for its rows
 * (drizzle's builders are thenable on each driver), and these take the one row a caller expects.
 */

/** The first row, or undefined when there is none. */
export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0]
}

/** The one row an INSERT/UPDATE … RETURNING wrote; throws when it wrote none. */
export async function only<T>(rows: PromiseLike<T[]>): Promise<T> {
  const row = (await rows)[0]
  if (row === undefined) throw new Error('The statement returned no row')
  return row
}

/** A synchronous driver call as a promise: its result resolves it, its throw rejects it. */
export function settle<T>(call: () => T): Promise<T> {
  try {
    return Promise.resolve(call())
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)))
  }
}
