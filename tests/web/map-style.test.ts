import { describe, expect, it } from 'vitest'
import { BUNDLED_STYLE_NAME, loadMapStyle } from '#src/features/map/map-style.ts'
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
  const STREETS = {
    version: 8,
    name: 'Streets',
    sources: { streets: { type: 'vector', url: 'https://tiles.example.com/planet' } },
    layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } }],
  }
  const isBundled = (style: { name?: string }) => expect(style.name).toBe(BUNDLED_STYLE_NAME)

  it('is the tile style the server names, when that style answers, with its TileJSON’s tiles written in', async () => {
    const api = stubApi({
      [`GET ${V1}/settings`]: () => settings('https://tiles.example.com/styles/streets.json'),
      'GET /styles/streets.json': () => ({ json: STREETS }),
      'GET /planet': () => ({
        json: { tilejson: '3.0.0', tiles: ['/planet/2026/{z}/{x}/{y}.pbf'], maxzoom: 14, attribution: 'OSM' },
      }),
    })
    expect(await loadMapStyle()).toEqual({
      ...STREETS,
      sources: {
        streets: {
          type: 'vector',
          tiles: ['https://tiles.example.com/planet/2026/{z}/{x}/{y}.pbf'],
          maxzoom: 14,
          attribution: 'OSM',
        },
      },
    })
    expect(api.calls.map((call) => call.path)).toEqual([`${V1}/settings`, '/styles/streets.json', '/planet'])
  })

  it('keeps a source whose TileJSON cannot be read as the style names it', async () => {
    stubApi({
      [`GET ${V1}/settings`]: () => settings('https://tiles.example.com/styles/streets.json'),
      'GET /styles/streets.json': () => ({ json: STREETS }),
    })
    expect(await loadMapStyle()).toEqual(STREETS)
  })

  it('falls back to the bundled style when the tile style cannot be reached', async () => {
    stubApi({
      [`GET ${V1}/settings`]: () => settings('https://tiles.example.com/styles/streets.json'),
      'GET /styles/streets.json': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    isBundled(await loadMapStyle())
  })

  it('falls back to the bundled style when the address answers an error', async () => {
    const api = stubApi({
      [`GET ${V1}/settings`]: () => settings('https://tiles.example.com/styles/missing.json'),
    })
    isBundled(await loadMapStyle())
    expect(api.calls.map((call) => call.path)).toEqual([`${V1}/settings`, '/styles/missing.json'])
  })

  it('falls back to the bundled style when the address answers something that is not a style', async () => {
    const api = stubApi({
      [`GET ${V1}/settings`]: () => settings('https://tiles.example.com/styles/page.json'),
      'GET /styles/page.json': () => ({ json: { message: 'Sign in to see the map' } }),
    })
    isBundled(await loadMapStyle())
    expect(api.calls.map((call) => call.path)).toEqual([`${V1}/settings`, '/styles/page.json'])
  })

  it('is the bundled style, which asks nothing of the network, when none is configured', async () => {
    const api = stubApi({ [`GET ${V1}/settings`]: () => settings('') })
    const style = await loadMapStyle()
    isBundled(style)
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
      isBundled(await loadMapStyle())
      expect(api.calls).toEqual([])
    } finally {
      // The own property hid the browser's; without it navigator.onLine answers as before.
      delete (navigator as { onLine?: boolean }).onLine
    }
  })
})
