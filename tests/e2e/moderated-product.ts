import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, inject } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { runStaffRole } from '../../scripts/support-staff.ts'
import { startProduct, useProduct } from './helpers.ts'

/**
 * The product on its own copy of the seeded database, in which the person with `phone` is a moderator. The role is
 * only ever given on the server's command line (`npm run moderator -- add`), so it is given with that command's own
 * code before the server starts.
 */
export async function startProductWithModerator(phone: string) {
  const dir = await mkdtemp(join(tmpdir(), 'fika-e2e-moderated-'))
  const template = inject('productTemplate')
  if (template) await cp(template, dir, { recursive: true })
  const database = await openDatabase({
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    dataDir: dir,
  })
  await database.migrate()
  expect(await runStaffRole(database.db, 'moderator', ['add', `+${phone}`])).toMatch(/is now a moderator/)
  await database.close()
  const product = await startProduct({ DATA_DIR: dir })
  return {
    url: product.url,
    async stop() {
      await product.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** As `useProduct`, with the person with `phone` a moderator from the start. */
export const useProductWithModerator = (phone: string) =>
  useProduct({}, () => startProductWithModerator(phone))
