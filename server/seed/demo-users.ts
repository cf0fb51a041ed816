import type { Database } from '#server/db/client.ts'
import { hashPassword } from '#server/lib/passwords.ts'
import { createUsersRepository } from '#server/modules/users/repository.ts'

/** Accounts a developer can log in with at once; listed in the README, never created in production. */
export const DEMO_USERS = [
  { phone: '998901110001', name: 'Азиза', surname: 'Каримова', type: 'customer', slugBase: 'aziza-karimova' },
  {
    phone: '998901110002',
    name: 'Жасур',
    surname: 'Тошматов',
    type: 'executor',
    slugBase: 'zhasur-toshmatov',
  },
] as const
export const DEMO_PASSWORD = 'fika-demo-2026'

/** Adds the demo accounts to an empty database; a database with any user is left alone, so it never duplicates. */
export async function seedDemoUsers(db: Database): Promise<number> {
  const users = createUsersRepository(db)
  if ((await users.count()) > 0) return 0
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  for (const user of DEMO_USERS) {
    await users.insert({ ...user, patronymic: null, email: null, passwordHash })
  }
  return DEMO_USERS.length
}
