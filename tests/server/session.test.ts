import { describe, expect, it } from 'vitest'
import { AUTH_PATH, REFRESH_COOKIE } from '#contract/endpoints.ts'
import { getProfile, refresh, register, session } from '#tests/helpers/auth-flows.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()

const logout = (headers: Record<string, string>, cookies: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `${AUTH_PATH}/logout`, headers, cookies })

describe('GET /profile', () => {
  it("answers the caller's profile with every field of the spec", async () => {
    const { token, phone } = await register(t, { type: 'executor' })
    const response = await getProfile(t, token)
    expect(response.statusCode).toBe(200)
    expect(Object.keys(response.json()).sort()).toEqual(
      [
        'id',
        'slug',
        'type',
        'name',
        'surname',
        'patronymic',
        'username',
        'email',
        'avatar',
        'avatar_thumb',
        'photo',
        'birthday',
        'gender',
        'address',
        'languages',
        'rating',
        'reviews_count',
        'is_online',
        'last_seen_at',
        'verification',
        'accepts_orders',
        'looking_for_internship',
        'works_remotely',
        'about',
        'district_ids',
        'work_addresses',
        'accepts_at_own_place',
        'telegram_id',
        'telegram_notifications',
        'email_notifications',
        'email_status',
        'reply_template',
        'role',
        'discount_percent',
        'discount_text',
        'created_at',
      ].sort(),
    )
    expect(response.json()).toMatchObject({ username: phone, type: 'executor' })
  })

  it('answers 401 without a token, with a forged token, and with an expired one', async () => {
    const { token } = await register(t)
    const none = await t.inject({ method: 'GET', url: '/api/fika/freelancer/v1.0.1/profile' })
    expect(none.statusCode).toBe(401)
    expect(none.json().error).toMatchObject({
      type: 'auth',
      code: 'unauthorized',
      message: 'Войдите, чтобы продолжить',
    })
    const forged = await getProfile(t, `${token.slice(0, -4)}AAAA`)
    expect(forged.statusCode).toBe(401)
    t.clock.advance(15 * 60 + 1)
    const expired = await getProfile(t, token, 'en')
    expect(expired.statusCode).toBe(401)
    expect(expired.json().error).toMatchObject({
      code: 'token_expired',
      message: 'Your session has expired, log in again',
    })
  })
})

describe('GET and POST /auth/refresh', () => {
  it('trades the cookie for a new access token and a new cookie, by GET and by POST', async () => {
    const first = await register(t)
    t.clock.advance(16 * 60)
    const viaGet = await refresh(t, first.refreshToken, 'GET')
    expect(viaGet.statusCode).toBe(200)
    const second = session(viaGet)
    expect(second.refreshToken).not.toBe(first.refreshToken)
    expect(second.cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: AUTH_PATH })
    expect((await getProfile(t, second.token)).statusCode).toBe(200)
    const viaPost = await refresh(t, second.refreshToken, 'POST')
    expect(viaPost.statusCode).toBe(200)
    expect(session(viaPost).refreshToken).not.toBe(second.refreshToken)
  })

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await register(t)
    const rotated = session(await refresh(t, first.refreshToken))
    const replay = await refresh(t, first.refreshToken)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().error.code).toBe('refresh_reused')
    // The thief's replay also ended the legitimate holder's newer token and its access token.
    expect((await refresh(t, rotated.refreshToken)).json().error.code).toBe('refresh_invalid')
    expect((await getProfile(t, rotated.token)).statusCode).toBe(401)
  })

  it('ends a session 30 days after login however often it was refreshed', async () => {
    let current = await register(t)
    for (let day = 0; day < 29; day++) {
      t.clock.advance(24 * 3600)
      const response = await refresh(t, current.refreshToken)
      expect(response.statusCode).toBe(200)
      current = { ...current, ...session(response) }
    }
    t.clock.advance(24 * 3600)
    const late = await refresh(t, current.refreshToken)
    expect(late.statusCode).toBe(401)
    expect(late.json().error.code).toBe('refresh_invalid')
  })

  it('answers 401 refresh_invalid without a cookie or with an unknown one', async () => {
    expect((await t.inject({ method: 'GET', url: `${AUTH_PATH}/refresh` })).json().error.code).toBe(
      'refresh_invalid',
    )
    expect((await refresh(t, 'not-a-token')).statusCode).toBe(401)
  })
})

describe('GET /auth/logout', () => {
  it('revokes the family: the refresh token and the access token stop working, and the cookie is cleared', async () => {
    const { token, refreshToken } = await register(t)
    const response = await logout({ authorization: `Bearer ${token}` }, { [REFRESH_COOKIE]: refreshToken })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: true })
    const cleared = response.cookies.find((c) => c.name === REFRESH_COOKIE)
    expect(cleared?.value).toBe('')
    expect((await refresh(t, refreshToken)).statusCode).toBe(401)
    expect((await getProfile(t, token)).statusCode).toBe(401)
  })

  it('answers success without any session, so a client can always clear its own state', async () => {
    expect((await logout({})).json()).toEqual({ status: true })
  })

  it('leaves the other devices of the same account logged in', async () => {
    const phoneSession = await register(t)
    const login = await t.inject({
      method: 'POST',
      url: `${AUTH_PATH}/login`,
      payload: { username: phoneSession.phone, password: 'samarqand2026', type: 'customer' },
    })
    const laptop = session(login)
    await logout({}, { [REFRESH_COOKIE]: laptop.refreshToken })
    expect((await getProfile(t, phoneSession.token)).statusCode).toBe(200)
    expect((await refresh(t, phoneSession.refreshToken)).statusCode).toBe(200)
  })
})

describe('PUT /profile/{id}', () => {
  it('saves the mode the user switched to', async () => {
    const { token } = await register(t, { type: 'customer' })
    const me = (await getProfile(t, token)).json()
    const response = await t.inject({
      method: 'PUT',
      url: `/api/fika/freelancer/v1.0.1/profile/${me.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { type: 'executor' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().type).toBe('executor')
    expect((await getProfile(t, token)).json().type).toBe('executor')
  })

  it("answers 403 for another user's profile and 400 for an unknown mode", async () => {
    const first = await register(t)
    const second = await register(t)
    const secondId = (await getProfile(t, second.token)).json().id
    const foreign = await t.inject({
      method: 'PUT',
      url: `/api/fika/freelancer/v1.0.1/profile/${secondId}`,
      headers: { authorization: `Bearer ${first.token}`, 'accept-language': 'ru' },
      payload: { type: 'executor' },
    })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json().error).toMatchObject({ type: 'forbidden', message: 'Временно нет доступа' })
    const firstId = (await getProfile(t, first.token)).json().id
    const bad = await t.inject({
      method: 'PUT',
      url: `/api/fika/freelancer/v1.0.1/profile/${firstId}`,
      headers: { authorization: `Bearer ${first.token}` },
      payload: { type: 'admin' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.code).toBe('type_required')
  })
})
