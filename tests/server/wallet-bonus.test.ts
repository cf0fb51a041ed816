import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Bonus } from '#contract/schemas/wallet.ts'
import { endpoints } from '#contract/endpoints.ts'
import { testConfig } from '#server/config.ts'
import { bonusGrants, invites, walletLedger } from '#server/db/schema/wallet.ts'
import { nextPhone, registrationBody, session, verifiedRequiredId } from '#tests/helpers/auth-flows.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'
import { checkout, expectLedgerConsistent, walletOf } from '#tests/helpers/wallet.ts'

/** Invites and bonus days (decision 015, "Bonuses"), paid through the sandbox checkout. */
const t = useTestApp({ config: { RATE_LIMIT_PER_MINUTE: 1_000_000 } })
const DAY = 24 * 3600 * 1000

async function sandboxPay(url: string) {
  const posted = await t.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  })
  expect(posted.statusCode, posted.body).toBe(303)
}

async function bonusOf(caller: Caller) {
  const response = await send(t, 'GET', '/wallet/bonus', caller)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Bonus>()
}

/** Registers a specialist through an invite link's code. */
async function invitedUser(invite: string | undefined, name = 'Aziz'): Promise<Caller> {
  const phone = nextPhone()
  const requiredId = await verifiedRequiredId(t, phone, 'register')
  const response = await t.inject({
    method: 'POST',
    url: endpoints.register.path,
    payload: registrationBody(phone, requiredId, {
      type: 'executor',
      name,
      ...(invite !== undefined && { invite }),
    }),
  })
  expect(response.statusCode, response.body).toBe(200)
  const token = session(response).token
  const profile = await t.call('GET', '/profile', { token })
  return { token, phone, id: profile.json<{ id: number }>().id }
}

async function buy(caller: Caller, plan: 'starter' | 'master') {
  const bought = await checkout(t, caller, { plan, months: 1, provider: 'payme' })
  await sandboxPay(bought.url)
}

describe('bonuses', () => {
  it('answers the invite link, no days and no one invited for a new person', async () => {
    const inviter = await user(t, 'executor')
    const bonus = await bonusOf(inviter)
    expect(bonus.invite_code).toMatch(/^[a-z0-9]+-[0-9a-f]{10}$/)
    expect(bonus.invite_url).toBe(`${testConfig().PUBLIC_URL}/signup?invite=${bonus.invite_code}`)
    expect(bonus).toMatchObject({ days_earned: 0, bonus_days_per_invite: 7, invited: [], invited_total: 0 })
  })

  it("grants both people the days once, on the invitee's first paid plan; a second payment grants nothing", async () => {
    const inviter = await user(t, 'executor')
    const { invite_code } = await bonusOf(inviter)
    const invitee = await invitedUser(invite_code.toUpperCase(), 'Aziz')

    let bonus = await bonusOf(inviter)
    expect(bonus.invited).toEqual([{ name: 'Aziz', joined_at: expect.any(String), rewarded: false }])
    expect(bonus.days_earned).toBe(0)

    await buy(invitee, 'master')
    bonus = await bonusOf(inviter)
    expect(bonus.days_earned).toBe(7)
    expect(bonus.invited[0]!.rewarded).toBe(true)
    expect((await bonusOf(invitee)).days_earned).toBe(7)

    // The invitee: a month of master, then 7 days of master queued after it.
    const inviteeWallet = await walletOf(t, invitee)
    expect(inviteeWallet.periods).toHaveLength(2)
    const [month, days] = inviteeWallet.periods
    expect(days).toMatchObject({ plan: 'master', starts_at: month!.ends_at })
    expect(Date.parse(days!.ends_at) - Date.parse(days!.starts_at)).toBe(7 * DAY)
    // The inviter had no plan: 7 days of starter from now.
    const inviterWallet = await walletOf(t, inviter)
    expect(inviterWallet.plan).toBe('starter')
    expect(inviterWallet.periods).toHaveLength(1)
    expect(
      Date.parse(inviterWallet.periods[0]!.ends_at) - Date.parse(inviterWallet.periods[0]!.starts_at),
    ).toBe(7 * DAY)
    expect(inviterWallet.balance).toBe(0)

    await buy(invitee, 'starter')
    expect((await bonusOf(inviter)).days_earned).toBe(7)
    expect((await bonusOf(invitee)).days_earned).toBe(7)
    const db = t.db.db
    expect(await db.select().from(bonusGrants).where(eq(bonusGrants.userId, inviter.id))).toHaveLength(1)
    // Days, not money: the inviter has no ledger row.
    expect(await db.select().from(walletLedger).where(eq(walletLedger.userId, inviter.id))).toEqual([])
    await expectLedgerConsistent(t, [inviter, invitee])
  })

  it("queues the inviter's days after their plan, in that plan", async () => {
    const inviter = await user(t, 'executor')
    await buy(inviter, 'master')
    const invitee = await invitedUser((await bonusOf(inviter)).invite_code)
    await buy(invitee, 'starter')
    const wallet = await walletOf(t, inviter)
    expect(wallet.periods).toHaveLength(2)
    expect(wallet.periods[1]).toMatchObject({ plan: 'master', starts_at: wallet.periods[0]!.ends_at })
    expect(wallet.until).toBe(wallet.periods[1]!.ends_at)
  })

  it('ignores an unknown or forged code, and an over-long one is refused', async () => {
    const inviter = await user(t, 'executor')
    const { invite_code } = await bonusOf(inviter)
    const forged = invite_code.replace(/-.*/, '-0000000000')
    const other = `${(inviter.id + 1000).toString(36)}-${invite_code.split('-')[1]}`
    for (const code of [forged, other, 'nonsense', '']) {
      const invitee = await invitedUser(code)
      const db = t.db.db
      expect(await db.select().from(invites).where(eq(invites.inviteeId, invitee.id))).toEqual([])
    }
    expect((await bonusOf(inviter)).invited).toEqual([])

    const phone = nextPhone()
    const requiredId = await verifiedRequiredId(t, phone, 'register')
    const response = await t.inject({
      method: 'POST',
      url: endpoints.register.path,
      payload: registrationBody(phone, requiredId, { invite: 'x'.repeat(33) }),
    })
    expect(response.statusCode).toBe(400)
  })

  it('a stranger sees only their own link and invites; a guest is refused', async () => {
    const inviter = await user(t, 'executor')
    await invitedUser((await bonusOf(inviter)).invite_code)
    const stranger = await user(t, 'executor')
    const theirs = await bonusOf(stranger)
    expect(theirs.invited).toEqual([])
    expect(theirs.invite_code).not.toBe((await bonusOf(inviter)).invite_code)
    expect((await send(t, 'GET', '/wallet/bonus', null)).statusCode).toBe(401)
  })
})
