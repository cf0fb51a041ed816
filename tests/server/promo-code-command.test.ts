import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '#server/db/client.ts'
import { promoCodes } from '#server/db/schema/wallet.ts'
import { createTestDatabase, truncateAll } from '#tests/helpers/database.ts'
import { PromoCommandError, runPromoCode } from '../../scripts/promo-code.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database.close())
beforeEach(() => truncateAll(database))

const NOW = new Date('2026-11-24T10:00:00Z')
const run = (args: string[]) => runPromoCode(database.db, args, NOW)

describe('npm run promo-code', () => {
  it('creates a code in capitals with its terms, lists it and disables it', async () => {
    const created = await run([
      'create',
      'grad2026',
      '--plan',
      'master',
      '--percent',
      '30',
      '--uses',
      '100',
      '--until',
      '2027-06-30',
    ])
    expect(created).toBe('Created GRAD2026: 30% off master, 100 uses, 2026-11-24 to 2027-06-30 (Tashkent)')
    const [row] = await database.db.select().from(promoCodes)
    expect(row).toMatchObject({
      code: 'GRAD2026',
      plan: 'master',
      percentOff: 30,
      maxUses: 100,
      disabledAt: null,
    })
    expect(row!.validFrom).toEqual(NOW)
    expect(row!.validUntil.toISOString()).toBe('2027-06-30T18:59:59.999Z')

    expect(await run(['list'])).toBe('GRAD2026 30% master used 0/100 2026-11-24..2027-06-30 active')
    expect(await run(['disable', 'Grad2026'])).toMatch(/^GRAD2026 is disabled/)
    expect(await run(['disable', 'GRAD2026'])).toBe('GRAD2026 is already disabled')
    expect(await run(['list'])).toMatch(/ disabled$/)
  })

  it('takes any plan and a start day', async () => {
    await run([
      'create',
      'ALUMNI',
      '--plan',
      'any',
      '--percent',
      '15',
      '--uses',
      '5',
      '--until',
      '2027-12-31',
      '--from',
      '2027-01-01',
    ])
    const [row] = await database.db.select().from(promoCodes)
    expect(row).toMatchObject({ plan: null, percentOff: 15 })
    expect(row!.validFrom.toISOString()).toBe('2026-12-31T19:00:00.000Z')
    expect(await run(['list'])).toBe('ALUMNI 15% any used 0/5 2027-01-01..2027-12-31 not yet valid')
  })

  it('refuses a code that exists in any case, bad options, and commands it does not know', async () => {
    const base = ['--plan', 'master', '--percent', '30', '--uses', '10', '--until', '2027-06-30']
    await run(['create', 'GRAD', ...base])
    await expect(run(['create', 'grad', ...base])).rejects.toThrow('The code GRAD already exists')
    const refusals: [string[], RegExp][] = [
      [['create', 'BAD CODE', ...base], /Latin letters/],
      [['create', 'X'.repeat(33), ...base], /Latin letters/],
      [['create', 'A1', ...base.slice(0, 2), '--percent', '100', ...base.slice(4)], /--percent expects/],
      [['create', 'A1', ...base.slice(0, 2), '--percent', '0', ...base.slice(4)], /--percent expects/],
      [['create', 'A1', '--plan', 'gold', ...base.slice(2)], /--plan expects/],
      [['create', 'A1', ...base.slice(0, 4), '--uses', '0', ...base.slice(6)], /--uses expects/],
      [['create', 'A1', ...base.slice(0, 6), '--until', '30.06.2027'], /YYYY-MM-DD/],
      [['create', 'A1', ...base.slice(0, 6), '--until', '2026-01-01'], /must be after/],
      [['create', 'A1', ...base.slice(0, 6)], /--until is required/],
      [['create', 'A1', ...base, '--color', 'red'], /Unknown option --color/],
      [['disable', 'NOPE'], /No promo code NOPE/],
      [['erase', 'GRAD'], /^Usage: /],
      [[], /^Usage: /],
    ]
    for (const [args, message] of refusals) {
      const refusal = run(args)
      await expect(refusal, args.join(' ')).rejects.toThrow(PromoCommandError)
      await expect(refusal, args.join(' ')).rejects.toThrow(message)
    }
    expect(await database.db.select().from(promoCodes)).toHaveLength(1)
  })

  it('says when there are none', async () => {
    expect(await run(['list'])).toBe('No promo codes')
  })
})
