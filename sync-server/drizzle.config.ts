import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './sync-server/db/tables.ts',
  out: './sync-server/db/migrations',
})
