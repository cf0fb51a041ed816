import { describe, expect, it, vi } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { api, SESSION_ENDED_EVENT } from '#src/lib/api.ts'
import { ApiError } from '#src/lib/api-client.ts'
import { SESSION_STORAGE_KEY, useSession } from '#src/lib/session-store.ts'
import { errorBody, profileOf, stubApi, V1 } from './helpers.tsx'

const expired = () => ({
  status: 401,
  json: errorBody('auth', 'token_expired', 'Сессия истекла, войдите снова'),
})

function logIn(token: string) {
  useSession.getState().setSession({ token, profile: profileOf() as never })
}

describe('the API client', () => {
  it('sends the language and the bearer token', async () => {
    logIn('token-1')
    document.cookie = 'lang=oz; path=/'
    const server = stubApi({ [`GET ${V1}/profile`]: () => ({ json: profileOf() }) })
    await api.call(endpoints.profile)
    const call = server.last('GET', `${V1}/profile`)!
    expect(call.headers.get('authorization')).toBe('Bearer token-1')
    expect(call.headers.get('accept-language')).toBe('oz')
  })

  it('refreshes once for ten parallel calls that meet an expired token, then retries each', async () => {
    logIn('old')
    let refreshes = 0
    const server = stubApi({
      [`POST ${V1}/auth/refresh`]: async () => {
        refreshes++
        await new Promise((resolve) => setTimeout(resolve, 20))
        return { json: { token: 'new' } }
      },
      [`GET ${V1}/profile`]: ({ headers }) =>
        headers.get('authorization') === 'Bearer new' ? { json: profileOf() } : expired(),
    })
    const results = await Promise.all(Array.from({ length: 10 }, () => api.call(endpoints.profile)))
    expect(results).toHaveLength(10)
    expect(refreshes).toBe(1)
    expect(server.calls.filter((c) => c.path === `${V1}/profile`)).toHaveLength(20)
    expect(useSession.getState().token).toBe('new')
  })

  it('uses the token another tab already refreshed instead of presenting the rotated cookie again', async () => {
    logIn('old')
    // The other tab refreshed first and stored its token; this tab's store has not caught up yet.
    localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { token: 'from-other-tab', profile: null }, version: 0 }),
    )
    let refreshes = 0
    stubApi({
      [`POST ${V1}/auth/refresh`]: () => {
        refreshes++
        return { json: { token: 'should-not-be-used' } }
      },
      [`GET ${V1}/profile`]: ({ headers }) =>
        headers.get('authorization') === 'Bearer from-other-tab' ? { json: profileOf() } : expired(),
    })
    await api.call(endpoints.profile)
    expect(refreshes).toBe(0)
    expect(useSession.getState().token).toBe('from-other-tab')
  })

  it('clears the session and announces its end when the refresh fails', async () => {
    logIn('old')
    const ended = vi.fn()
    window.addEventListener(SESSION_ENDED_EVENT, ended)
    stubApi({
      [`POST ${V1}/auth/refresh`]: () => ({
        status: 401,
        json: errorBody('auth', 'refresh_reused', 'Сессия завершена'),
      }),
      [`GET ${V1}/profile`]: expired,
    })
    const error = await api.call(endpoints.profile).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(401)
    expect(useSession.getState().token).toBeNull()
    expect(ended).toHaveBeenCalledTimes(1)
    window.removeEventListener(SESSION_ENDED_EVENT, ended)
  })

  it('turns an error body into a typed error with its fields', async () => {
    stubApi({
      [`POST ${V1}/auth/login`]: () => ({
        status: 400,
        json: errorBody('validation', 'password_required', 'Введите пароль', {
          password: ['Введите пароль'],
        }),
      }),
    })
    const error = (await api
      .call(endpoints.login, { body: { username: '998901234567', password: '', type: 'customer' } })
      .catch((caught: unknown) => caught)) as ApiError
    expect(error.code).toBe('password_required')
    expect(error.fields).toEqual({ password: ['Введите пароль'] })
  })

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    const error = (await api.call(endpoints.health).catch((caught: unknown) => caught)) as ApiError
    expect(error.status).toBe(0)
    expect(error.code).toBe('network')
  })
})
