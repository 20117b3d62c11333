/** Which engine a database object runs on, for the few places the SQL differs (dialect.ts). */
export type Engine = 'sqlite' | 'pg'

const engines = new WeakMap<object, Engine>()

/** Called once by database.ts for each database it opens. */
export function registerEngine(db: object, engine: Engine): void {
  engines.set(db, engine)
}

export function engineOf(db: object): Engine {
  const engine = engines.get(db)
  if (!engine) throw new Error('Not a database opened by db/database.ts')
  return engine
}
