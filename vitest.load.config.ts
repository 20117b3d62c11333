import { defineConfig } from 'vitest/config'

/** The sync load run (tests/load): its own step, so it does not compete with the unit tests for CPU. */
export default defineConfig({
  test: { include: ['tests/load/**/*.test.ts'], environment: 'node', testTimeout: 300_000, hookTimeout: 60_000 },
})
