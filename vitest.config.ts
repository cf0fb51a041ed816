import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // Argon2 and a PGlite start per file are CPU-heavy; two cores are what these machines have.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
