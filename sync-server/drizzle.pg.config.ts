import { defineConfig } from 'drizzle-kit'

// PostgreSQL's tables (db/tables-pg.ts, kept equal to db/tables.ts) and their migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './sync-server/db/tables-pg.ts',
  out: './sync-server/db/migrations-pg',
})
