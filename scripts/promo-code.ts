/**
 * npm run promo-code -- create <CODE> --plan master|any --percent 30 --uses 100 --until 2027-06-30 [--from 2026-12-01]
 * npm run promo-code -- list
 * npm run promo-code -- disable <CODE>
 *
 * The training centre's graduates' promo codes (docs/operations.md, decision 015 "Promo codes"). The API never makes
 * a code, so our operators run this with the server's database.
 */
import { fileURLToPath } from 'node:url'
import { asc, count, eq, sql } from 'drizzle-orm'
import { PLANS, PROMO_CODE_MAX, PROMO_CODE_PATTERN, type Plan } from '#contract/schemas/wallet.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { promoCodes, promoCodeUses } from '#server/db/schema/wallet.ts'

const USAGE =
  'Usage: npm run promo-code -- create <CODE> --plan starter|master|professional|any --percent <1-99> --uses <n> --until <YYYY-MM-DD> [--from <YYYY-MM-DD>] | list | disable <CODE>'

/** A refusal the person running the command can act on: printed alone, without a stack. */
export class PromoCommandError extends Error {
  override name = 'PromoCommandError'
}

/** Tashkent has no daylight saving time: its days start at 00:00 +05:00. */
const TASHKENT = '+05:00'
/** The Tashkent day of a moment, YYYY-MM-DD. */
const day = (date: Date) => new Date(date.getTime() + 5 * 3_600_000).toISOString().slice(0, 10)
function tashkentDay(text: string, endOfDay: boolean, option: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text))
    throw new PromoCommandError(`${option} expects a date as YYYY-MM-DD, got "${text}"`)
  const date = new Date(`${text}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}${TASHKENT}`)
  if (Number.isNaN(date.getTime()) || day(date) !== text)
    throw new PromoCommandError(`${option} is not a date: "${text}"`)
  return date
}

function wholeNumber(text: string | undefined, option: string, min: number, max: number): number {
  const value = Number(text)
  if (text === undefined || !/^\d+$/.test(text) || value < min || value > max)
    throw new PromoCommandError(`${option} expects a whole number from ${min} to ${max}`)
  return value
}

function parseCode(input: string | undefined): string {
  const code = input?.trim() ?? ''
  if (!code || code.length > PROMO_CODE_MAX || !PROMO_CODE_PATTERN.test(code))
    throw new PromoCommandError(
      `A code is 1–${PROMO_CODE_MAX} Latin letters, digits, "-" and "_", got "${input ?? ''}"`,
    )
  return code.toUpperCase()
}

function options(args: readonly string[]): Map<string, string> {
  const found = new Map<string, string>()
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!
    const value = args[i + 1]
    if (!name.startsWith('--') || value === undefined || found.has(name)) throw new PromoCommandError(USAGE)
    found.set(name, value)
  }
  for (const name of found.keys())
    if (!['--plan', '--percent', '--uses', '--until', '--from'].includes(name))
      throw new PromoCommandError(`Unknown option ${name}\n${USAGE}`)
  return found
}

async function create(db: Database, input: string | undefined, args: readonly string[], now: Date) {
  const code = parseCode(input)
  const given = options(args)
  const plan = given.get('--plan')
  if (plan !== 'any' && !PLANS.includes(plan as Plan))
    throw new PromoCommandError(`--plan expects ${PLANS.join(', ')} or any`)
  const percentOff = wholeNumber(given.get('--percent'), '--percent', 1, 99)
  const maxUses = wholeNumber(given.get('--uses'), '--uses', 1, 1_000_000)
  const until = given.get('--until')
  if (until === undefined) throw new PromoCommandError(`--until is required\n${USAGE}`)
  const validUntil = tashkentDay(until, true, '--until')
  const from = given.get('--from')
  const validFrom = from === undefined ? now : tashkentDay(from, false, '--from')
  if (validUntil <= validFrom) throw new PromoCommandError('--until must be after --from (or today)')
  const [taken] = await db
    .select({ code: promoCodes.code })
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${code})`)
  if (taken) throw new PromoCommandError(`The code ${taken.code} already exists`)
  await db.insert(promoCodes).values({
    code,
    plan: plan === 'any' ? null : (plan as Plan),
    percentOff,
    maxUses,
    validFrom,
    validUntil,
    createdAt: now,
  })
  return `Created ${code}: ${percentOff}% off ${plan === 'any' ? 'any plan' : plan}, ${maxUses} uses, ${day(validFrom)} to ${day(validUntil)} (Tashkent)`
}

async function list(db: Database, now: Date) {
  const rows = await db
    .select({
      code: promoCodes.code,
      plan: promoCodes.plan,
      percentOff: promoCodes.percentOff,
      maxUses: promoCodes.maxUses,
      validFrom: promoCodes.validFrom,
      validUntil: promoCodes.validUntil,
      disabledAt: promoCodes.disabledAt,
      uses: count(promoCodeUses.id),
    })
    .from(promoCodes)
    .leftJoin(promoCodeUses, eq(promoCodeUses.promoCodeId, promoCodes.id))
    .groupBy(promoCodes.id)
    .orderBy(asc(promoCodes.id))
  if (rows.length === 0) return 'No promo codes'
  return rows
    .map((row) => {
      const state = row.disabledAt
        ? 'disabled'
        : now > row.validUntil
          ? 'expired'
          : now < row.validFrom
            ? 'not yet valid'
            : row.uses >= row.maxUses
              ? 'used up'
              : 'active'
      return `${row.code} ${row.percentOff}% ${row.plan ?? 'any'} used ${row.uses}/${row.maxUses} ${day(row.validFrom)}..${day(row.validUntil)} ${state}`
    })
    .join('\n')
}

async function disable(db: Database, input: string | undefined, now: Date) {
  const code = parseCode(input)
  const [row] = await db
    .select({ id: promoCodes.id, code: promoCodes.code, disabledAt: promoCodes.disabledAt })
    .from(promoCodes)
    .where(sql`lower(${promoCodes.code}) = lower(${code})`)
  if (!row) throw new PromoCommandError(`No promo code ${code}`)
  if (row.disabledAt) return `${row.code} is already disabled`
  await db.update(promoCodes).set({ disabledAt: now }).where(eq(promoCodes.id, row.id))
  return `${row.code} is disabled: checkout refuses it, payments already made stay`
}

/** Runs one command (`create`, `list`, `disable`) and answers what to print. */
export async function runPromoCode(
  db: Database,
  args: readonly string[],
  now: Date = new Date(),
): Promise<string> {
  const [action, code, ...rest] = args
  if (action === 'list' && code === undefined) return list(db, now)
  if (action === 'create') return create(db, code, rest, now)
  if (action === 'disable' && rest.length === 0) return disable(db, code, now)
  throw new PromoCommandError(USAGE)
}

async function main() {
  // Only the database's variables, as `npm run support-staff`.
  const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL })
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
  try {
    console.log(await runPromoCode(database.db, process.argv.slice(2)))
  } catch (error) {
    if (!(error instanceof PromoCommandError)) throw error
    console.error(error.message)
    process.exitCode = 1
  } finally {
    await database.close()
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
