import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One migrated database per run that every file's database copies (tests/helpers/database-template.ts).
          globalSetup: ['tests/helpers/database-template.ts'],
          // Argon2 and a PGlite start per file are CPU-heavy; two cores are what these machines have.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: false,
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:8080/' } },
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: false,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The product migrated and seeded once per run; each file's starts on a copy (tests/e2e/product-template.ts).
          globalSetup: ['tests/e2e/product-template.ts'],
          // One built server and one browser per file; files run one after another so they do not fight for 2 cores.
          fileParallelism: false,
          // A page waits on chunks and catalogs loaded on demand, and its server shares two cores with Chromium: a
          // poll gets as long as a person would wait, not vitest's default second.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
