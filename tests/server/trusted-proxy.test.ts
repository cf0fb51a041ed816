import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { ConfigError, loadConfig } from '#server/config.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

/** What a client behind our one proxy sends: its own X-Forwarded-For, to which the proxy appends what it saw. */
const throughProxy = (clientWrote: string, clientAddress = '203.0.113.7') => ({
  remoteAddress: '10.0.0.2',
  headers: { 'x-forwarded-for': `${clientWrote}, ${clientAddress}` },
})

describe('TRUST_PROXY', () => {
  it('refuses true at start, naming the variable and what to set instead', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError)
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY.*hop count.*not true/s)
    }
  })

  it('takes a hop count, addresses and CIDRs, and refuses anything else', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ])
    for (const bad of ['11', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/1', '*'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/)
  })
})

for (const [label, trustProxy] of [
  ['one hop', 1],
  ["the proxy's CIDR", ['10.0.0.0/8']],
] as const) {
  describe(`behind a proxy trusted by ${label}`, () => {
    const t = useTestApp({
      config: { TRUST_PROXY: trustProxy as false | number | string[], RATE_LIMIT_PER_MINUTE: 5 },
    })
    const settings = (options: ReturnType<typeof throughProxy>) =>
      t.inject({ method: 'GET', url: endpoints.settings.path, ...options })

    it('keeps the per-address limit whatever address the client writes into X-Forwarded-For', async () => {
      for (let i = 0; i < 5; i++)
        expect((await settings(throughProxy(`198.51.100.${i}`))).statusCode).not.toBe(429)
      const sixth = await settings(throughProxy('198.51.100.99'))
      expect(sixth.statusCode).toBe(429)
      expect(sixth.json().error.code).toBe('too_many_requests')
      // Another client behind the same proxy has a budget of its own.
      expect((await settings(throughProxy('198.51.100.0', '203.0.113.8'))).statusCode).not.toBe(429)
    })

    it('reads the address the proxy saw, so per-address SMS limits count the real client', async () => {
      const seen: string[] = []
      t.app.addHook('onRequest', async (request) => void seen.push(request.ip))
      await settings(throughProxy('1.2.3.4'))
      expect(seen).toEqual(['203.0.113.7'])
    })
  })
}

describe('with no proxy trusted', () => {
  const t = useTestApp({ config: { RATE_LIMIT_PER_MINUTE: 5 } })

  it('ignores X-Forwarded-For and limits the connecting address', async () => {
    for (let i = 0; i < 5; i++)
      await t.inject({
        method: 'GET',
        url: endpoints.settings.path,
        ...throughProxy(`198.51.100.${i}`, `203.0.113.${i}`),
      })
    const sixth = await t.inject({
      method: 'GET',
      url: endpoints.settings.path,
      ...throughProxy('1.1.1.1', '1.1.1.2'),
    })
    expect(sixth.statusCode).toBe(429)
  })
})
