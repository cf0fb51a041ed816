import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'

describe('PUBLIC_URL', () => {
  it('defaults to the address the server listens on, so links follow HOST and PORT', () => {
    expect(loadConfig({ HOST: '127.0.0.1', PORT: '9090' }).PUBLIC_URL).toBe('http://127.0.0.1:9090')
    expect(loadConfig({ PORT: '3000' }).PUBLIC_URL).toBe('http://localhost:3000')
    expect(loadConfig({ HOST: '::', PORT: '3000' }).PUBLIC_URL).toBe('http://localhost:3000')
    expect(loadConfig({ HOST: '::1', PORT: '3000' }).PUBLIC_URL).toBe('http://[::1]:3000')
  })

  it('is the configured address whenever one is set, as in production', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://fika.uz/', HOST: '127.0.0.1', PORT: '9090' }).PUBLIC_URL).toBe(
      'https://fika.uz',
    )
  })
})
