import { describe, expect, it } from 'vitest'
import { endpoints } from '#contract/endpoints.ts'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ config: { MAP_STYLE_URL: 'https://tiles.openfreemap.org/styles/liberty' } })

describe('MAP_STYLE_URL', () => {
  it("lets the app connect to the tile style's host, and to no other", async () => {
    const response = await t.inject({ method: 'GET', url: endpoints.health.path })
    const connect = String(response.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('connect-src'))
    expect(connect).toBe("connect-src 'self' https://tiles.openfreemap.org")
  })

  it('names the tile style in the settings the app reads', async () => {
    const response = await t.inject({ method: 'GET', url: endpoints.settings.path })
    expect(response.json().map_style_url).toBe('https://tiles.openfreemap.org/styles/liberty')
  })
})
