import type { StyleSpecification } from 'maplibre-gl'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OFFLINE_STYLE_NAME } from '#src/features/map/kept-map-style.ts'
import { MAX_TILES_AHEAD, tilesAhead, tilesAround } from '#src/features/map/map-tiles-ahead.ts'
import { BUNDLED_STYLE_NAME, loadMapStyle } from '#src/features/map/map-style.ts'
import { stubApi, V1 } from './helpers.tsx'

/** Cache Storage as the browser has it, in memory: what the map keeps between visits. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>()
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>()
    stores.set(name, store)
    return {
      put: async (key: string, response: Response) => void store.set(key, response.clone()),
      match: async (key: string) => store.get(key)?.clone(),
    }
  }
  return {
    stores,
    open,
    match: async (key: string, options?: { cacheName?: string }) =>
      stores
        .get(options?.cacheName ?? '')
        ?.get(key)
        ?.clone(),
    delete: async (name: string) => stores.delete(name),
  }
}

const STREETS = {
  version: 8,
  name: 'Streets',
  glyphs: 'https://tiles.example.com/fonts/{fontstack}/{range}.pbf',
  sprite: 'https://tiles.example.com/sprites/streets',
  sources: { streets: { type: 'vector', tiles: ['https://tiles.example.com/{z}/{x}/{y}.pbf'], maxzoom: 14 } },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': '#f8f4f0' } },
    { id: 'roads', type: 'line', source: 'streets', 'source-layer': 'transportation' },
    {
      id: 'parks',
      type: 'fill',
      source: 'streets',
      'source-layer': 'park',
      paint: { 'fill-pattern': 'grass' },
    },
    { id: 'street-names', type: 'symbol', source: 'streets', 'source-layer': 'transportation_name' },
  ],
} as StyleSpecification

const settings = (mapStyleUrl: string) => ({ json: { map_style_url: mapStyleUrl } })
const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })

describe('the map with no network', () => {
  let kept: ReturnType<typeof memoryCaches>
  beforeEach(() => {
    kept = memoryCaches()
    vi.stubGlobal('caches', kept)
  })
  afterEach(() => {
    delete (navigator as { onLine?: boolean }).onLine
  })

  it('draws the style last read online over the bundled map, without what needs glyphs or the sprite', async () => {
    stubApi({
      [`GET ${V1}/settings`]: () => settings('https://tiles.example.com/styles/streets.json'),
      'GET /styles/streets.json': () => ({ json: STREETS }),
    })
    expect((await loadMapStyle()).name).toBe('Streets')
    await vi.waitFor(() => expect(kept.stores.get('map-style')?.size).toBe(1))

    setOnline(false)
    const offline = await loadMapStyle()
    expect(offline.name).toBe(OFFLINE_STYLE_NAME)
    expect(offline.glyphs).toBeUndefined()
    expect(offline.sprite).toBeUndefined()
    expect(offline.layers.map((layer) => layer.id)).toEqual(['water', 'land', 'borders', 'roads', 'cities'])
    expect(offline.sources['kept-streets']).toEqual(STREETS.sources.streets)
    expect(offline.layers.find((layer) => layer.id === 'roads')).toMatchObject({ source: 'kept-streets' })
  })

  it('is the bundled map when no style was ever read online', async () => {
    setOnline(false)
    expect((await loadMapStyle()).name).toBe(BUNDLED_STYLE_NAME)
  })

  it('forgets the kept style once the server names none', async () => {
    const api = stubApi({
      [`GET ${V1}/settings`]: () => settings('https://tiles.example.com/styles/streets.json'),
      'GET /styles/streets.json': () => ({ json: STREETS }),
    })
    await loadMapStyle()
    await vi.waitFor(() => expect(kept.stores.has('map-style')).toBe(true))
    stubApi({ [`GET ${V1}/settings`]: () => settings('') })
    expect((await loadMapStyle()).name).toBe(BUNDLED_STYLE_NAME)
    await vi.waitFor(() => expect(kept.stores.has('map-style')).toBe(false))
    expect(api.calls.length).toBe(2)
  })
})

describe('the tiles kept ahead around a job', () => {
  const raster = (template: string, extra: object = {}) =>
    ({
      version: 8,
      sources: { photo: { type: 'raster', tiles: [template], tileSize: 256, ...extra } },
      layers: [],
    }) as StyleSpecification
  const TASHKENT = { lat: 41.3, lng: 69.24 }

  it('are the tiles MapLibre asks for: the one under the place and its neighbours in view', () => {
    // Tashkent is in tile x 708, y 382 of zoom 10 (512 px tiles at map zoom 10).
    const urls = tilesAround(
      { ...STREETS, sources: { s: { type: 'vector', tiles: ['t/{z}/{x}/{y}'] } } },
      TASHKENT,
      10,
    )
    expect(urls).toContain('t/10/708/382')
    expect(urls.length).toBeGreaterThanOrEqual(1)
    expect(urls.length).toBeLessThanOrEqual(4)
    // A 256 px tile is a zoom deeper; the source's maxzoom caps it.
    expect(tilesAround(raster('r/{z}/{x}/{y}'), TASHKENT, 10)).toContain('r/11/1417/765')
    expect(tilesAround(raster('r/{z}/{x}/{y}', { maxzoom: 9 }), TASHKENT, 10)).toEqual(['r/9/354/191'])
  })

  it('count rows from the south for a tms source and write the other placeholders as MapLibre does', () => {
    expect(tilesAround(raster('r/{z}/{x}/{y}', { maxzoom: 1, scheme: 'tms' }), TASHKENT, 10)).toEqual([
      'r/1/1/1',
    ])
    expect(tilesAround(raster('q/{quadkey}{ratio}', { maxzoom: 2 }), TASHKENT, 10, 2)).toEqual(['q/12@2x'])
    expect(tilesAround(raster('b/{bbox-epsg-3857}', { maxzoom: 2 }), TASHKENT, 10)).toEqual([])
  })

  it('are each fetched once for places close together, and never more than the cap', () => {
    const style = raster('r/{z}/{x}/{y}')
    const once = tilesAhead(style, [TASHKENT, TASHKENT], [16])
    expect(once).toEqual([...new Set(once)])
    expect(once).toEqual(tilesAround(style, TASHKENT, 16))
    const far = Array.from({ length: 60 }, (_, index) => ({ lat: 41, lng: 60 + index * 0.2 }))
    expect(tilesAhead(style, far, [15, 16])).toHaveLength(MAX_TILES_AHEAD)
  })
})
