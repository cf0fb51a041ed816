import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import {
  lastCode,
  login,
  nextPhone,
  PASSWORD,
  register,
  registrationBody,
  sendCode,
  verifiedRequiredId,
  verifyCode,
} from '#tests/helpers/auth-flows.ts'
import { replyConversation } from '#tests/helpers/notifications.ts'
import { send } from '#tests/helpers/specialists.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/**
 * Bursts of concurrent requests against every limit that guards a secret or a budget: each try is reserved before
 * it is judged, so a burst is judged against what the rest of it spent (PGlite under `npm test`, PostgreSQL in CI).
 */
const t = useTestApp({ catalogue: true, config: { CHAT_MESSAGES_PER_MINUTE: 30 } })

const BURST = 150

/** `count` four-digit codes, none of them `right`. */
const wrongCodes = (right: string, count: number) =>
  Array.from({ length: count }, (_, i) => String((Number(right) + 1 + i) % 10_000).padStart(4, '0'))

const codesOf = (responses: { json: () => { error?: { code?: string } } }[]) =>
  responses.map((response) => response.json().error?.code ?? 'ok')

const tally = (codes: string[]) =>
  codes.reduce<Record<string, number>>((counts, code) => ({ ...counts, [code]: (counts[code] ?? 0) + 1 }), {})

describe('an SMS code under a burst of guesses', () => {
  it('is not verified by the right code sent last in a burst of wrong ones, and at most three guesses are judged', async () => {
    const phone = nextPhone()
    const sent = await sendCode(t, phone, 'register')
    const requiredId = sent.json<{ required_id: string }>().required_id
    const right = await lastCode(t, phone)

    const guesses = [...wrongCodes(right, BURST), right]
    const answers = codesOf(await Promise.all(guesses.map((code) => verifyCode(t, requiredId, code))))

    const judged = answers.filter((code) => code === 'wrong_sms_code' || code === 'ok')
    expect(judged.length, JSON.stringify(tally(answers))).toBeLessThanOrEqual(3)
    expect(answers.at(-1), JSON.stringify(tally(answers))).not.toBe('ok')
    expect(answers.filter((code) => code === 'ok')).toEqual([])
    // The code is spent: the right guess alone is refused now too, and registration with it is impossible.
    const after = await verifyCode(t, requiredId, right)
    expect(after.json().error.code).toBe('sms_code_attempts_exceeded')
  })

  it('does not reset a password with the right code sent last in a burst of wrong ones', async () => {
    const victim = await register(t)
    // The owner asked for a reset and confirmed the code; the burst guesses the code the reset form carries again.
    t.clock.advance(61)
    const sent = await sendCode(t, victim.phone, 'reset_pass')
    const requiredId = sent.json<{ required_id: string }>().required_id
    const right = await lastCode(t, victim.phone)
    expect((await verifyCode(t, requiredId, right)).statusCode).toBe(200)

    const reset = (smsCode: string) =>
      t.inject({
        method: 'POST',
        url: endpoints.resetPassword.path,
        payload: {
          phone: victim.phone.slice(3),
          username: victim.phone.slice(3),
          password: 'hijacked2027',
          password_confirmation: 'hijacked2027',
          smsCode,
          type: 'customer',
          required_id: requiredId,
        },
      })
    const answers = codesOf(await Promise.all([...wrongCodes(right, BURST), right].map(reset)))

    expect(
      answers.filter((code) => code === 'ok'),
      JSON.stringify(tally(answers)),
    ).toEqual([])
    expect(answers.filter((code) => code === 'wrong_sms_code').length).toBeLessThanOrEqual(3)
    // The account still opens with its own password and not with the attacker's.
    expect(
      (await login(t, { username: victim.phone, password: PASSWORD, type: 'customer' })).statusCode,
    ).toBe(200)
    const hijacked = await login(t, { username: victim.phone, password: 'hijacked2027', type: 'customer' })
    expect(hijacked.json().error.code, hijacked.body).toBe('wrong_credentials')
  })

  it('judges no more wrong guesses per phone than its daily budget across a burst on several codes', async () => {
    const phone = nextPhone()
    const first = (await sendCode(t, phone, 'register')).json<{ required_id: string }>().required_id
    for (const code of wrongCodes(await lastCode(t, phone), 3)) await verifyCode(t, first, code)
    // Three new codes past the ten-minute window of sends: nine more tries by the codes, seven by the phone.
    t.clock.advance(11 * 60)
    const codes: { requiredId: string; right: string }[] = []
    for (let i = 0; i < 3; i++) {
      t.clock.advance(61)
      const sent = await sendCode(t, phone, 'register')
      codes.push({
        requiredId: sent.json<{ required_id: string }>().required_id,
        right: await lastCode(t, phone),
      })
    }
    const answers = codesOf(
      await Promise.all(
        codes.flatMap(({ requiredId, right }) =>
          wrongCodes(right, 30).map((code) => verifyCode(t, requiredId, code)),
        ),
      ),
    )
    expect(answers.filter((code) => code === 'wrong_sms_code').length, JSON.stringify(tally(answers))).toBe(7)
    expect(answers).toContain('sms_attempts_exhausted')
  })

  it('still verifies a right code after two wrong ones, and registers with it', async () => {
    const phone = nextPhone()
    const requiredId = (await sendCode(t, phone, 'register')).json<{ required_id: string }>().required_id
    const right = await lastCode(t, phone)
    for (const code of wrongCodes(right, 2))
      expect((await verifyCode(t, requiredId, code)).statusCode).toBe(400)
    expect((await verifyCode(t, requiredId, right)).statusCode).toBe(200)
    // A verified code is consumed once; a second registration with it is refused.
    const body = registrationBody(phone, requiredId)
    expect((await t.inject({ method: 'POST', url: endpoints.register.path, payload: body })).statusCode).toBe(
      200,
    )
    expect(await verifiedRequiredId(t, nextPhone(), 'register')).toBeTruthy()
  })
})

describe('logins under a burst of wrong passwords', () => {
  it('judges at most the phone’s ten failed logins in a burst of sixty, and then refuses the right password too', async () => {
    const victim = await register(t)
    const answers = codesOf(
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          login(
            t,
            { username: victim.phone, password: `wrong-${i}-guess`, type: 'customer' },
            `10.0.2.${i + 1}`,
          ),
        ),
      ),
    )
    expect(
      answers.filter((code) => code === 'wrong_credentials').length,
      JSON.stringify(tally(answers)),
    ).toBe(10)
    expect(answers.filter((code) => code === 'too_many_login_attempts').length).toBe(50)
    const right = await login(t, { username: victim.phone, password: PASSWORD, type: 'customer' }, '10.0.3.1')
    expect(right.json().error.code).toBe('too_many_login_attempts')
  })

  it('gives back the try of a right password: ten right logins in a row leave the phone its ten tries', async () => {
    const person = await register(t)
    for (let i = 0; i < 10; i++)
      expect(
        (await login(t, { username: person.phone, password: PASSWORD, type: 'customer' })).statusCode,
      ).toBe(200)
    const wrong = await login(t, { username: person.phone, password: 'not-the-password', type: 'customer' })
    expect(wrong.json().error.code).toBe('wrong_credentials')
  })
})

describe('the chat per-minute limit under a burst', () => {
  it('stores exactly the limit of a burst of sixty messages and refuses the rest', async () => {
    const { customer, chat } = await replyConversation(t)

    const answers = codesOf(
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          send(t, 'POST', `/chats/${chat.id}/messages`, customer, {
            client_id: `burst-${String(i).padStart(6, '0')}`,
            text: `Сообщение ${i}`,
          }),
        ),
      ),
    )
    expect(tally(answers)).toEqual({ ok: 30, chat_rate_limited: 30 })
    const history = await send(t, 'GET', `/chats/${chat.id}/messages?perPage=100`, customer)
    const mine = history.json<{ collection: { sender_id: number }[] }>().collection
    expect(mine.filter((message) => message.sender_id === customer.id)).toHaveLength(30)
  })
})
