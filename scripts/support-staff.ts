/**
 * npm run support-staff -- add +998901234567 | remove +998901234567 | list
 *
 * Gives or takes the support team's role (`users.role`, docs/operations.md). The API never changes a role, so
 * this command, run by someone with access to the server's database, is the only way in.
 */
import { fileURLToPath } from 'node:url'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { createRedisBroadcast } from '#server/adapters/broadcast/redis-broadcast.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { users } from '#server/db/schema/users.ts'
import { maskPhone } from '#server/lib/phone-mask.ts'
import { SESSION_CACHE_CHANNEL, type SessionInvalidation } from '#server/modules/auth/session-cache.ts'

const USAGE = 'Usage: npm run support-staff -- add <phone> | remove <phone> | list'
/** How long the command waits for Redis before it gives up, changing nothing. */
const REDIS_WAIT_MS = 5_000

/**
 * The running servers, reached over the Redis channel on which they forget sessions and users (REDIS_URL). Told
 * of a role given or taken, each drops the user's row it keeps and moves their open sockets in or out of the
 * support team's room at once.
 */
export type RunningServers = { userChanged: (userId: number) => Promise<void> }

/** A refusal the person running the command can act on: printed alone, without a stack. */
export class StaffCommandError extends Error {
  override name = 'StaffCommandError'
}

/** `+998 90 123-45-67`, `998901234567` or `901234567` -> `998901234567`, as users.phone keeps it. */
export function normalizePhone(input: string): string {
  const digits = input.replace(/[\s()+-]/g, '')
  const phone = /^\d{9}$/.test(digits) ? `998${digits}` : digits
  if (!/^998\d{9}$/.test(phone))
    throw new StaffCommandError(
      `Not an Uzbek phone number: ${maskPhone(digits)} (expected +998 and 9 digits)`,
    )
  return phone
}

async function setRole(
  db: Database,
  input: string,
  role: 'support' | 'user',
  servers: RunningServers | undefined,
): Promise<string> {
  const phone = normalizePhone(input)
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1)
  if (!user) throw new StaffCommandError(`No registered user has the phone ${maskPhone(phone)}`)
  const who = `user #${user.id} (${maskPhone(phone)})`
  if (user.role === role)
    return role === 'support' ? `${who} is already support staff` : `${who} is not support staff`
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id))
  await servers?.userChanged(user.id)
  return role === 'support' ? `${who} is now support staff` : `${who} is no longer support staff`
}

async function listStaff(db: Database): Promise<string> {
  const staff = await db
    .select({ id: users.id, phone: users.phone, name: users.name, surname: users.surname })
    .from(users)
    .where(and(eq(users.role, 'support'), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
  if (staff.length === 0) return 'No support staff'
  return staff.map((user) => `#${user.id} ${maskPhone(user.phone)} ${user.name} ${user.surname}`).join('\n')
}

/**
 * Runs one command (`add <phone>`, `remove <phone>`, `list`) and answers what to print; a role that changed is
 * told to the running servers when they can be reached.
 */
export async function runSupportStaff(
  db: Database,
  args: readonly string[],
  servers?: RunningServers,
): Promise<string> {
  const [action, phone, ...rest] = args
  if (action === 'list' && phone === undefined) return listStaff(db)
  if ((action === 'add' || action === 'remove') && phone !== undefined && rest.length === 0)
    return setRole(db, phone, action === 'add' ? 'support' : 'user', servers)
  throw new StaffCommandError(USAGE)
}

/**
 * Subscribes to the servers' channel and answers once it is listening: only then can the servers' answers (that
 * they handled the change) reach the command. Refuses, before anything changes, when Redis does not answer.
 */
export async function reachServers(redisUrl: string, waitMs = REDIS_WAIT_MS) {
  const said = new Set<string>()
  const broadcast = createRedisBroadcast<SessionInvalidation>(redisUrl, SESSION_CACHE_CHANNEL, {
    // Once each: ioredis reports every retry. The details are connection errors; the message says enough here.
    warn: (_details, message) => {
      if (!said.has(message)) console.error(message)
      said.add(message)
    },
  })
  let timer: NodeJS.Timeout | undefined
  const listening = await new Promise<boolean>((resolve) => {
    // The broadcast says 'missed' as its subscription is made: nothing was heard before it.
    broadcast.listen((message) => message === 'missed' && resolve(true))
    timer = setTimeout(() => resolve(false), waitMs)
  })
  clearTimeout(timer)
  if (!listening) {
    await broadcast.close()
    throw new StaffCommandError('Redis (REDIS_URL) does not answer: nothing changed. Try again once it does.')
  }
  return {
    userChanged: (userId: number) => broadcast.publish({ user: userId }),
    close: () => broadcast.close(),
  }
}

async function main() {
  // Only the database's variables and Redis: the command must run with the server's environment or none, and the
  // rest (JWT_SECRET in production, SMS and push keys) is not its business.
  const config = loadConfig({
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
  })
  const args = process.argv.slice(2)
  const changes = args[0] === 'add' || args[0] === 'remove'
  let servers: Awaited<ReturnType<typeof reachServers>> | undefined
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    // Without Redis there is no way to reach running servers: they see the change as docs/operations.md says.
    if (config.REDIS_URL && changes) servers = await reachServers(config.REDIS_URL)
    // No migration here: the schema is the running server's business, and an older server must not find a newer
    // one under it. A database the server never started on fails with "relation users does not exist".
    console.log(await runSupportStaff(database.db, args, servers))
  } catch (error) {
    if (!(error instanceof StaffCommandError)) throw error
    console.error(error.message)
    process.exitCode = 1
  } finally {
    await servers?.close()
    await database.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
