import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { EMAIL_LINK_TTL_H, EMAIL_VERIFY_PATH } from '#contract/email-endpoints.ts'
import { endpoints, V1 } from '#contract/endpoints.ts'
import type { Profile } from '#contract/schemas/profile.ts'
import { buildApp } from '#server/app.ts'
import { testConfig } from '#server/config.ts'
import { users } from '#server/db/schema/users.ts'
import { nextPhone, registrationBody, verifiedRequiredId } from '#tests/helpers/auth-flows.ts'
import { jobsSettled } from '#tests/helpers/jobs.ts'
import { send, user, type Caller } from '#tests/helpers/specialists.ts'
import { TEST_SECRET, useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()

type DevMail = { subject: string; text: string; html: string; headers: Record<string, string> }

/** What the dev mailbox holds for an address once the queued mails went, newest first. */
async function mailbox(address: string): Promise<DevMail[]> {
  await jobsSettled(t.db)
  const response = await t.inject({ method: 'GET', url: `/api/dev/mail?to=${encodeURIComponent(address)}` })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ mails: DevMail[] }>().mails
}

/** The verification link in the newest mail to an address, as a path on this site. */
async function linkIn(address: string) {
  const [newest] = await mailbox(address)
  const found =
    newest && new RegExp(`https?://[^/\\s]+(${EMAIL_VERIFY_PATH}\\?t=[\\w-]+&lang=\\w+)`).exec(newest.text)
  if (!found) throw new Error(`no verification link mailed to ${address}`)
  return found[1]!
}

const setAddress = async (caller: Caller, email: string, lang = 'ru') => {
  const response = await send(t, 'PUT', `/profile/${caller.id}`, caller, { email }, lang)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Profile>()
}
const profileOf = async (caller: Caller) => (await send(t, 'GET', '/profile', caller)).json<Profile>()

describe('GET /api/email/verify (the mailed link)', () => {
  it('verifies the address once, turns e-mail notifications on and opens the settings with a notice', async () => {
    const me = await user(t)
    const saved = await setAddress(me, 'aziza@example.uz', 'en')
    expect(saved.email_status).toBe('unverified')
    const [mail] = await mailbox('aziza@example.uz')
    expect(mail!.subject).toBe('Confirm your e-mail address for Fika')
    expect(mail!.text).toContain(`${EMAIL_LINK_TTL_H} hours`)
    const link = await linkIn('aziza@example.uz')

    const followed = await t.inject({ method: 'GET', url: link })
    expect(followed.statusCode).toBe(303)
    expect(followed.headers.location).toBe('/account?email=verified&lang=en')
    expect(await profileOf(me)).toMatchObject({ email_status: 'verified', email_notifications: true })

    const again = await t.inject({ method: 'GET', url: link })
    expect(again.headers.location).toBe('/account?email=invalid&lang=en')
  })

  it('refuses an expired, a reused or an unknown link with a localized error in the one error shape', async () => {
    const me = await user(t)
    await setAddress(me, 'bobur@example.uz')
    const token = new URL(await linkIn('bobur@example.uz'), 'http://x').searchParams.get('t')!
    const verify = (value: string, lang = 'ru') =>
      send(t, 'POST', '/email/verify', null, { token: value }, lang)

    t.clock.advance(EMAIL_LINK_TTL_H * 3600 + 1)
    const expired = await verify(token)
    expect(expired.statusCode).toBe(400)
    expect(expired.json()).toEqual({
      error: {
        type: 'validation',
        code: 'email_link_invalid',
        message: 'Ссылка устарела или уже использована. Отправьте новую в Профиле → Настройках',
      },
    })
    const unknown = await verify('A'.repeat(43), 'oz')
    expect(unknown.json().error).toMatchObject({
      code: 'email_link_invalid',
      message: expect.stringContaining('Havola'),
    })
    // The session has expired by now too: the row says the address is still not verified.
    const [row] = await t.db.db.select().from(users).where(eq(users.id, me.id))
    expect(row!.emailVerifiedAt).toBeNull()
  })

  it('sends nothing to an unverified address, and mails a new link once a minute on request', async () => {
    const me = await user(t)
    await setAddress(me, 'dilnoza@example.uz')
    expect(await mailbox('dilnoza@example.uz')).toHaveLength(1)
    const tooSoon = await send(t, 'POST', '/profile/email/verification', me, undefined, 'en')
    expect(tooSoon.statusCode).toBe(429)
    expect(tooSoon.headers['retry-after']).toBe('60')
    expect(tooSoon.json().error.code).toBe('email_resend_too_soon')

    t.clock.advance(61)
    const resent = await send(t, 'POST', '/profile/email/verification', me, undefined, 'en')
    expect(resent.statusCode, resent.body).toBe(200)
    expect(resent.json<Profile>().email_status).toBe('unverified')
    const mails = await mailbox('dilnoza@example.uz')
    expect(mails).toHaveLength(2)
    // Only the newest link works.
    const [newest, older] = mails.map((mail) => /\?t=([\w-]+)/.exec(mail.text)![1]!)
    expect((await send(t, 'POST', '/email/verify', null, { token: older })).statusCode).toBe(400)
    expect((await send(t, 'POST', '/email/verify', null, { token: newest })).statusCode).toBe(200)
  })

  it('does not let a stranger verify someone else’s address with the link of their own', async () => {
    const stranger = await user(t)
    await setAddress(stranger, 'stranger@example.uz')
    const ownLink = await linkIn('stranger@example.uz')
    // The stranger puts in the victim's address, then follows the link that was mailed for their own.
    t.clock.advance(61)
    await setAddress(stranger, 'victim@example.uz')
    const followed = await t.inject({ method: 'GET', url: ownLink })
    expect(followed.headers.location).toContain('email=invalid')
    expect((await profileOf(stranger)).email_status).toBe('unverified')
    // The victim's link went to the victim's mailbox only.
    expect(await mailbox('victim@example.uz')).toHaveLength(1)
  })

  it('clears the verification when the address changes, and mails the new address a link', async () => {
    const me = await user(t)
    await setAddress(me, 'first@example.uz')
    await t.inject({ method: 'GET', url: await linkIn('first@example.uz') })
    expect((await profileOf(me)).email_status).toBe('verified')
    t.clock.advance(61)
    expect((await setAddress(me, 'second@example.uz')).email_status).toBe('unverified')
    expect(await mailbox('second@example.uz')).toHaveLength(1)
  })

  it('mails a link to the address given at sign-up, in the sign-up’s language', async () => {
    const phone = nextPhone()
    const requiredId = await verifiedRequiredId(t, phone, 'register')
    const registered = await t.inject({
      method: 'POST',
      url: endpoints.register.path,
      headers: { 'accept-language': 'oz' },
      payload: registrationBody(phone, requiredId, { email: 'signup@example.uz' }),
    })
    expect(registered.statusCode, registered.body).toBe(200)
    const [mail] = await mailbox('signup@example.uz')
    expect(mail!.subject).toBe('Fika uchun elektron pochta manzilingizni tasdiqlang')
    expect(mail!.text).toContain('&lang=oz')
  })

  it('refuses to send a link when the profile has no address', async () => {
    const me = await user(t)
    const refused = await send(t, 'POST', '/profile/email/verification', me, undefined, 'en')
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toMatchObject({
      code: 'email_not_set',
      message: 'Enter your e-mail address first',
    })
  })
})

describe('the log', () => {
  it('never holds an address, a link’s token or a mail', async () => {
    const lines: string[] = []
    const logged = await buildApp({
      config: { ...testConfig({ LOG_LEVEL: 'info' }), JWT_SECRET: TEST_SECRET },
      database: t.db,
      clock: t.clock,
      realtime: false,
      logStream: { write: (line) => void lines.push(line) },
    })
    try {
      const me = await user(t)
      const saved = await logged.inject({
        method: 'PUT',
        url: `${V1}/profile/${me.id}`,
        headers: { authorization: `Bearer ${me.token}` },
        payload: { email: 'logged@example.uz' },
      })
      expect(saved.statusCode, saved.body).toBe(200)
      await jobsSettled(t.db)
      const [mail] = (
        await logged.inject({ method: 'GET', url: '/api/dev/mail?to=logged@example.uz' })
      ).json<{ mails: DevMail[] }>().mails
      const link = /https?:\/\/[^/\s]+(\/api\/email\/verify\?t=([\w-]+)\S*)/.exec(mail!.text)!
      expect((await logged.inject({ method: 'GET', url: link[1]! })).statusCode).toBe(303)
      const log = lines.join('')
      expect(log).toContain('/api/email/verify?t=…')
      expect(log).not.toContain(link[2]!)
      expect(log).not.toContain('logged@example.uz')
    } finally {
      await logged.close()
    }
  })
})

describe('GET /api/dev/mail', () => {
  it('lists the dev mailbox outside production and is not found in production', async () => {
    const me = await user(t)
    await setAddress(me, 'dev@example.uz')
    expect(await mailbox('dev@example.uz')).toHaveLength(1)

    const production = await buildApp({
      config: { ...testConfig({ NODE_ENV: 'production' }), JWT_SECRET: TEST_SECRET },
      database: t.db,
      clock: t.clock,
      realtime: false,
    })
    try {
      const hidden = await production.inject({ method: 'GET', url: '/api/dev/mail?to=dev@example.uz' })
      expect(hidden.statusCode).toBe(404)
      // Without SMTP_URL production mails nothing: a link cannot be asked for.
      const refused = await production.inject({
        method: 'POST',
        url: `${V1}/profile/email/verification`,
        headers: { authorization: `Bearer ${me.token}`, 'accept-language': 'en' },
      })
      expect(refused.json().error.code).toBe('email_unavailable')
    } finally {
      await production.close()
    }
  })
})
