/**
 * npm run support-staff -- add +998901234567 | remove +998901234567 | list
 * npm run moderator -- add +998901234567 | remove +998901234567 | list   (scripts/moderator.ts)
 *
 * Gives or takes a staff role (`users.role`, docs/operations.md): the support team's, or a moderator's. The API
 * never changes a role, so these commands, run by someone with access to the server's database, are the only way in.
 */
import { fileURLToPath } from 'node:url'
import { and, asc, eq, isNull } from 'drizzle-orm'
import { createRedisBroadcast } from '#server/adapters/broadcast/redis-broadcast.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { users } from '#server/db/schema/users.ts'
import { maskPhone } from '#server/lib/phone-mask.ts'
import { SESSION_CACHE_CHANNEL, type SessionInvalidation } from '#server/modules/auth/session-cache.ts'

export type StaffRole = 'support' | 'moderator'
/** The command and the words for each role. */
const ROLES: Record<StaffRole, { command: string; title: string }> = {
  support: { command: 'support-staff', title: 'support staff' },
  moderator: { command: 'moderator', title: 'a moderator' },
}
const usage = (role: StaffRole) =>
  `Usage: npm run ${ROLES[role].command} -- add <phone> | remove <phone> | list`
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
  change: { staff: StaffRole; add: boolean },
  servers: RunningServers | undefined,
): Promise<string> {
  const { title } = ROLES[change.staff]
  const phone = normalizePhone(input)
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1)
  if (!user) throw new StaffCommandError(`No registered user has the phone ${maskPhone(phone)}`)
  const who = `user #${user.id} (${maskPhone(phone)})`
  if (change.add && user.role === change.staff) return `${who} is already ${title}`
  if (!change.add && user.role !== change.staff) return `${who} is not ${title}`
  // One staff role at a time: the other is taken away by its own command, on purpose.
  if (change.add && user.role !== 'user')
    throw new StaffCommandError(`${who} is ${ROLES[user.role].title}: remove that role first`)
  const role = change.add ? change.staff : 'user'
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id))
  await servers?.userChanged(user.id)
  return change.add ? `${who} is now ${title}` : `${who} is no longer ${title}`
}

async function listStaff(db: Database, role: StaffRole): Promise<string> {
  const staff = await db
    .select({ id: users.id, phone: users.phone, name: users.name, surname: users.surname })
    .from(users)
    .where(and(eq(users.role, role), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
  if (staff.length === 0) return role === 'support' ? 'No support staff' : 'No moderators'
  return staff.map((user) => `#${user.id} ${maskPhone(user.phone)} ${user.name} ${user.surname}`).join('\n')
}

/**
 * Runs one command (`add <phone>`, `remove <phone>`, `list`) and answers what to print; a role that changed is
 * told to the running servers when they can be reached.
 */
export function runSupportStaff(db: Database, args: readonly string[], servers?: RunningServers) {
  return runStaffRole(db, 'support', args, servers)
}

/** The same for any staff role (`npm run moderator`). */
export async function runStaffRole(
  db: Database,
  staff: StaffRole,
  args: readonly string[],
  servers?: RunningServers,
): Promise<string> {
  const [action, phone, ...rest] = args
  if (action === 'list' && phone === undefined) return listStaff(db, staff)
  if ((action === 'add' || action === 'remove') && phone !== undefined && rest.length === 0)
    return setRole(db, phone, { staff, add: action === 'add' }, servers)
  throw new StaffCommandError(usage(staff))
}

/**
 * Subscribes to the servers' channel and answers once it is listening: only then can the servers' answers (that
 * they handled the change) reach the command. Refuses, before anything changes, when Redis does not answer.
 */
export async function reachServers(redis: { url: string; keyPrefix: string }, waitMs = REDIS_WAIT_MS) {
  const said = new Set<string>()
  const channel = `${redis.keyPrefix}${SESSION_CACHE_CHANNEL}`
  const broadcast = createRedisBroadcast<SessionInvalidation>(redis.url, channel, {
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

/** The command's process: `role` is the staff role it gives and takes. */
export async function main(role: StaffRole) {
  // Only the database's variables and Redis's: the command must run with the server's environment or none, and the
  // rest (JWT_SECRET in production, SMS and push keys) is not its business.
  const config = loadConfig({
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX,
  })
  const args = process.argv.slice(2)
  const changes = args[0] === 'add' || args[0] === 'remove'
  let servers: Awaited<ReturnType<typeof reachServers>> | undefined
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    // Without Redis there is no way to reach running servers: they see the change as docs/operations.md says.
    if (config.REDIS_URL && changes)
      servers = await reachServers({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX })
    // No migration here: the schema is the running server's business, and an older server must not find a newer
    // one under it. A database the server never started on fails with "relation users does not exist".
    console.log(await runStaffRole(database.db, role, args, servers))
  } catch (error) {
    if (!(error instanceof StaffCommandError)) throw error
    console.error(error.message)
    process.exitCode = 1
  } finally {
    await servers?.close()
    await database.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main('support')
