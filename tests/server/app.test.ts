import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { resolveLocale } from '#server/i18n/locale.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp()

describe('GET /api/health', () => {
  it('answers ok after touching the database', async () => {
    const response = await t.inject({ method: 'GET', url: endpoints.health.path })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    })
  })

  it('sends security headers with a strict content security policy', async () => {
    const response = await t.inject({ method: 'GET', url: endpoints.health.path })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain('unsafe-inline')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['strict-transport-security']).toContain('max-age=')
  })
})

describe('errors', () => {
  it('answers an unknown API path with the one error body, localized', async () => {
    const ru = await t.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(ru.statusCode).toBe(404)
    expect(ru.json()).toEqual({
      error: { type: 'not_found', code: 'not_found', message: 'Ничего не найдено' },
    })
    const en = await t.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    })
    expect(en.json().error.message).toBe('Nothing found')
  })

  it('answers what Fastify cannot route or read in our shape and the caller language, never its own body', async () => {
    // An over-long parameter is 414, or 404 where the web app's catch-all route (a built dist/) takes the path.
    const cases = [
      {
        url: `${endpoints.order.path.replace('{id}', '1'.repeat(300))}`,
        answers: { 414: 'url_too_long', 404: 'not_found' } as Record<number, string>,
      },
      {
        url: `${endpoints.page.path.replace('{slug}', '%E0%A4%A')}`,
        answers: { 400: 'invalid_request' } as Record<number, string>,
      },
    ]
    for (const { url, answers } of cases) {
      const response = await t.inject({ method: 'GET', url, headers: { 'accept-language': 'oz' } })
      expect(Object.keys(answers)).toContain(String(response.statusCode))
      expect(response.json().error).toMatchObject({ code: answers[response.statusCode] })
      expect(response.body).not.toContain(url.slice(-20))
      expect(response.headers['content-language']).toBe('oz')
    }
    const xml = await t.inject({
      method: 'POST',
      url: endpoints.login.path,
      headers: { 'content-type': 'application/xml', 'accept-language': 'en' },
      payload: '<login/>',
    })
    expect(xml.statusCode).toBe(415)
    expect(xml.json().error.message).toBe('This data format is not supported')
    const tooLarge = await t.inject({
      method: 'POST',
      url: endpoints.login.path,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json().error.code).toBe('request_too_large')
  })

  it('answers 431 in our shape when the headers or the query are too large for the HTTP parser', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const response = await fetch(`${address}${endpoints.services.path}?search=${'a'.repeat(20_000)}`)
    expect(response.status).toBe(431)
    expect(await response.json()).toEqual({
      error: { type: 'validation', code: 'headers_too_large', message: 'Заголовки запроса слишком большие' },
    })
  })

  it('answers malformed JSON with 400 validation, not a stack trace', async () => {
    const response = await t.inject({
      method: 'POST',
      url: endpoints.login.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatchObject({
      type: 'validation',
      code: 'malformed_json',
      message: 'Не удалось прочитать запрос: неверный JSON',
    })
  })

  it('hides what went wrong inside a 500', async () => {
    t.app.services.auth.authenticate = () => {
      throw new Error('relation "users" is broken at /srv/secret/path')
    }
    const { register } = await import('#tests/helpers/auth-flows.ts')
    const { token } = await register(t)
    const response = await t.inject({
      method: 'GET',
      url: endpoints.profile.path,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'oz' },
    })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      error: { type: 'server', code: 'error_occurred', message: 'Xatolik yuz berdi' },
    })
  })
})

describe('Accept-Language', () => {
  it.each([
    [undefined, 'ru'],
    ['en', 'en'],
    ['oz', 'oz'],
    ['uz', 'uz'],
    ['uz-Latn-UZ,uz;q=0.8', 'oz'],
    ['uz-Cyrl', 'uz'],
    ['de-DE,en;q=0.5', 'en'],
    ['fr', 'ru'],
  ])('chooses %s -> %s', (header, locale) => {
    expect(resolveLocale(header)).toBe(locale)
  })
})

describe('GET /api/docs', () => {
  it('serves the OpenAPI document built from the contract', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/docs/json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toMatch(/^3\./)
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/fika/freelancer/sms/send',
        '/api/fika/freelancer/sms/verify',
        '/api/fika/freelancer/v1.0.1/auth/register',
        '/api/fika/freelancer/v1.0.1/auth/login',
        '/api/fika/freelancer/v1.0.1/profile',
      ]),
    )
    const register = document.paths['/api/fika/freelancer/v1.0.1/auth/register'].post
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toContain(
      'required_id',
    )
  })

  it('serves the browsable docs page', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/docs/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/html')
  })
})

describe('the general request budget', () => {
  it('answers 429 with Retry-After once an address spends its requests per minute', async () => {
    const { buildApp } = await import('#server/app.ts')
    const { testConfig } = await import('#server/config.ts')
    const app = await buildApp({
      config: { ...testConfig({ RATE_LIMIT_PER_MINUTE: 3 }), JWT_SECRET: 'x'.repeat(40) },
      database: t.db,
    })
    const url = `${endpoints.smsCheck.path}?phone=998901234567`
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200)
    const limited = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(limited.json().error).toMatchObject({ type: 'rate_limited', code: 'too_many_requests' })
    expect(limited.json().error.message).toMatch(/^Too many requests\. Try again in \d+ s$/)
    await app.close()
  })
})

describe('every error code', () => {
  it('reaches the client with its status, type and message in Russian and Uzbek', async () => {
    const { ERROR_CODES } = await import('#contract/errors.ts')
    const { AppError } = await import('#server/lib/app-error.ts')
    const { translate, messageNumbers } = await import('#server/i18n/messages.ts')
    const { buildApp } = await import('#server/app.ts')
    const { testConfig } = await import('#server/config.ts')
    const app = await buildApp({ config: { ...testConfig(), JWT_SECRET: 'x'.repeat(40) }, database: t.db })
    const numbers = messageNumbers as Record<string, number | undefined>
    // Codes that name a wait (`{n}` with no fixed number) are always thrown with the seconds left.
    const waits = (code: string) => translate(code, 'en').includes('{n}') && numbers[code] === undefined
    app.get('/api/test-error/:code', async (request) => {
      const code = (request.params as { code: (typeof ERROR_CODES)[number] }).code
      throw new AppError('validation', code, waits(code) ? { retryAfterS: 30 } : {})
    })
    for (const code of ERROR_CODES) {
      for (const lang of ['ru', 'oz'] as const) {
        const response = await app.inject({
          method: 'GET',
          url: `/api/test-error/${code}`,
          headers: { 'accept-language': lang },
        })
        expect(response.statusCode).toBe(400)
        expect(response.json().error).toEqual({
          type: 'validation',
          code,
          message: translate(code, lang, waits(code) ? 30 : numbers[code]),
          ...(waits(code) && { retry_after: 30 }),
        })
        expect(response.json().error.message).not.toContain('{n}')
      }
    }
    await app.close()
  })
})
