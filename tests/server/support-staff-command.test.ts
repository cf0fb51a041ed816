import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '#server/db/client.ts'
import { users } from '#server/db/schema/users.ts'
import { createTestDatabase, truncateAll } from '#tests/helpers/database.ts'
import { reachServers, runSupportStaff, StaffCommandError } from '../../scripts/support-staff.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())
beforeEach(() => truncateAll(database))

async function registered(phone: string, name = 'Dilnoza') {
  const [row] = await database.db
    .insert(users)
    .values({ slug: `user-${phone}`, phone, name, surname: 'Rahimova', passwordHash: 'not-a-real-hash' })
    .returning({ id: users.id })
  return row!.id
}

const roleOf = async (id: number) =>
  (await database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]!.role

describe('npm run support-staff', () => {
  it('makes a registered user support staff by phone, and takes the role back', async () => {
    const id = await registered('998901234567')
    const added = await runSupportStaff(database.db, ['add', '+998 90 123-45-67'])
    expect(added).toBe(`user #${id} (99890*****67) is now support staff`)
    expect(await roleOf(id)).toBe('support')

    expect(await runSupportStaff(database.db, ['list'])).toBe(`#${id} 99890*****67 Dilnoza Rahimova`)

    expect(await runSupportStaff(database.db, ['remove', '998901234567'])).toBe(
      `user #${id} (99890*****67) is no longer support staff`,
    )
    expect(await roleOf(id)).toBe('user')
    expect(await runSupportStaff(database.db, ['list'])).toBe('No support staff')
  })

  it('never prints the full phone number', async () => {
    await registered('998901234567')
    const printed = [
      await runSupportStaff(database.db, ['add', '998901234567']),
      await runSupportStaff(database.db, ['add', '998901234567']),
      await runSupportStaff(database.db, ['list']),
    ].join('\n')
    expect(printed).toContain('is already support staff')
    expect(printed).not.toContain('901234567')
  })

  it('refuses an unknown phone with a clear error and changes nobody', async () => {
    const id = await registered('998901234567')
    const refusal = runSupportStaff(database.db, ['add', '+998907654321'])
    await expect(refusal).rejects.toThrow(StaffCommandError)
    await expect(refusal).rejects.toThrow('No registered user has the phone 99890*****21')
    expect(await roleOf(id)).toBe('user')
  })

  it('refuses what is not a phone number, and a command it does not know', async () => {
    await expect(runSupportStaff(database.db, ['add', '12345'])).rejects.toThrow(/Not an Uzbek phone number/)
    await expect(runSupportStaff(database.db, ['promote', '998901234567'])).rejects.toThrow(/^Usage: /)
    await expect(runSupportStaff(database.db, [])).rejects.toThrow(/^Usage: /)
  })

  it('tells the running servers whose role it gave or took, and tells them nothing when nothing changed', async () => {
    const id = await registered('998901234567')
    const told: number[] = []
    const servers = { userChanged: async (userId: number) => void told.push(userId) }
    await runSupportStaff(database.db, ['add', '998901234567'], servers)
    await runSupportStaff(database.db, ['add', '998901234567'], servers)
    await runSupportStaff(database.db, ['remove', '998901234567'], servers)
    await runSupportStaff(database.db, ['list'], servers)
    await expect(runSupportStaff(database.db, ['remove', '998907654321'], servers)).rejects.toThrow(
      StaffCommandError,
    )
    expect(told).toEqual([id, id])
  })

  it('gives up on a Redis (REDIS_URL) that does not answer, with an error the operator can act on', async () => {
    // Nothing listens on port 1. The command asks before it changes anything, so a refusal leaves all as it was.
    await expect(reachServers({ url: 'redis://127.0.0.1:1', keyPrefix: 'fika:' }, 300)).rejects.toThrow(
      'Redis (REDIS_URL) does not answer: nothing changed',
    )
  })
})
