import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    // Calculations work in the user's local day; test them in India's time zone.
    env: { TZ: 'Asia/Kolkata' },
    testTimeout: 20_000,
  },
})
