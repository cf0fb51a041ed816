import { describe, expect, it } from 'vitest'
import { loadMapStyle } from '#src/features/map/map-style.ts'
import { stubApi, V1 } from './helpers.tsx'

const settings = (mapStyleUrl: string) => ({
  json: {
    bot_url: 'https://t.me/fika_uz_bot',
    telegram_url: 'https://t.me/fika_uz',
    instagram_url: 'https://www.instagram.com/fika.uz',
    facebook_url: 'https://www.facebook.com/fika.uz',
    youtube_url: 'https://www.youtube.com/@fika_uz',
    support_email: 'support@fika.uz',
    support_phone: '+998 71 200-00-00',
    map_style_url: mapStyleUrl,
  },
})

describe('the map style', () => {
  it('is the tile style the server names', async () => {
    stubApi({ [`GET ${V1}/settings`]: () => settings('https://tiles.example.com/styles/streets.json') })
    expect(await loadMapStyle()).toBe('https://tiles.example.com/styles/streets.json')
  })

  it('is the bundled style, which asks nothing of the network, when none is configured', async () => {
    const api = stubApi({ [`GET ${V1}/settings`]: () => settings('') })
    const style = await loadMapStyle()
    if (typeof style === 'string') throw new Error(`expected the bundled style, got ${style}`)
    expect(style.glyphs).toBeUndefined()
    expect(style.sprite).toBeUndefined()
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe('geojson')
      expect(typeof (source as { data: unknown }).data).toBe('object')
    }
    const outline = (style.sources.outline as { data: { features: { properties: { country: string } }[] } })
      .data
    expect(outline.features.map((feature) => feature.properties.country)).toContain('uz')
    expect(api.calls.map((call) => call.path)).toEqual([`${V1}/settings`])
  })

  it('is the bundled style on a device that is offline', async () => {
    const api = stubApi({
      [`GET ${V1}/settings`]: () => settings('https://tiles.example.com/styles/streets.json'),
    })
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    try {
      expect(typeof (await loadMapStyle())).toBe('object')
      expect(api.calls).toEqual([])
    } finally {
      // The own property hid the browser's; without it navigator.onLine answers as before.
      delete (navigator as { onLine?: boolean }).onLine
    }
  })
})
