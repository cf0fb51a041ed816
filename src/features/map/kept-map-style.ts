import type {
  LayerSpecification,
  SourceSpecification,
  StyleSpecification,
  VectorSourceSpecification,
} from 'maplibre-gl'

export const OFFLINE_STYLE_NAME = 'fika-offline'

// The configured style as last read online, in Cache Storage beside the tiles the service worker keeps (map-tiles):
// one entry under a key that is never fetched.
const CACHE_NAME = 'map-style'
const KEY = '/map-style/kept.json'

const cacheStorage = () => (typeof caches === 'undefined' ? undefined : caches)

/** Keeps the configured style for the maps drawn offline; a device without Cache Storage keeps nothing. */
export async function keepMapStyle(style: StyleSpecification) {
  try {
    await (await cacheStorage()?.open(CACHE_NAME))?.put(KEY, Response.json(style))
  } catch {
    // Storage full or refused: the offline map is the bundled one, as before anything was kept.
  }
}

/** Forgets the kept style: the server no longer names one. */
export async function forgetMapStyle() {
  await cacheStorage()
    ?.delete(CACHE_NAME)
    .catch(() => undefined)
}

export async function keptMapStyle(): Promise<StyleSpecification | undefined> {
  try {
    const response = await cacheStorage()?.match(KEY, { cacheName: CACHE_NAME })
    return response ? ((await response.json()) as StyleSpecification) : undefined
  } catch {
    return undefined
  }
}

type TileJson = {
  tiles?: unknown
  minzoom?: number
  maxzoom?: number
  bounds?: number[]
  attribution?: string
}

/**
 * The style with each source's TileJSON (`url`) read and written in as `tiles`, so a copy kept offline names its
 * tiles without asking the network. A TileJSON that cannot be read leaves its source as it was.
 */
export async function withTilesWrittenIn(
  style: StyleSpecification,
  timeoutMs: number,
): Promise<StyleSpecification> {
  const entries = await Promise.all(
    Object.entries(style.sources).map(
      async ([id, source]) => [id, await tilesOf(source, timeoutMs)] as const,
    ),
  )
  return { ...style, sources: Object.fromEntries(entries) }
}

async function tilesOf(source: SourceSpecification, timeoutMs: number): Promise<SourceSpecification> {
  if (!('url' in source) || !source.url || ('tiles' in source && source.tiles)) return source
  try {
    const response = await fetch(source.url, { signal: AbortSignal.timeout(timeoutMs) })
    if (!response.ok) return source
    const tileJson = (await response.json()) as TileJson
    if (!Array.isArray(tileJson.tiles) || !tileJson.tiles.every((tile) => typeof tile === 'string'))
      return source
    const base = source.url
    const { url: _read, ...rest } = source as VectorSourceSpecification
    return {
      ...pick(tileJson, ['minzoom', 'maxzoom', 'bounds', 'attribution']),
      ...rest,
      tiles: (tileJson.tiles as string[]).map((tile) => absolute(tile, base)),
    } as SourceSpecification
  } catch {
    return source
  }
}

// NOTE: URL percent-encodes the braces of `{z}` and the other placeholders; they are put back.
const absolute = (tile: string, base: string) =>
  new URL(tile, base).href.replaceAll('%7B', '{').replaceAll('%7D', '}')

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => value[key] !== undefined).map((key) => [key, value[key]]),
  ) as Partial<Pick<T, K>>
}

/** Layers that need what is not kept offline: glyphs (labels, icons) and the sprite (patterns). */
const needsTheNetwork = (layer: LayerSpecification) =>
  layer.type === 'symbol' ||
  Object.keys(('paint' in layer && layer.paint) || {}).some((property) => /-pattern$/.test(property))

/**
 * The offline map: the bundled style (the country, its borders and cities, which need nothing) with the kept
 * style's shapes drawn over it from the tiles the service worker kept. Where no tile was kept the bundled map shows
 * through: the kept style's background is left out, and so are its labels and patterns, whose glyphs and sprite are
 * not kept. The city dots stay on top; the map view names the cities.
 */
export function offlineMapStyle(kept: StyleSpecification, bundled: StyleSpecification): StyleSpecification {
  const keptSource = (id: string) => `kept-${id}`
  const shapes = kept.layers
    .filter((layer) => layer.type !== 'background' && !needsTheNetwork(layer))
    .map((layer) => ('source' in layer ? { ...layer, source: keptSource(layer.source) } : layer))
  const cities = bundled.layers.filter((layer) => layer.id === 'cities')
  return {
    version: 8,
    name: OFFLINE_STYLE_NAME,
    sources: {
      ...bundled.sources,
      ...Object.fromEntries(Object.entries(kept.sources).map(([id, source]) => [keptSource(id), source])),
    },
    layers: [...bundled.layers.filter((layer) => layer.id !== 'cities'), ...shapes, ...cities],
  } as StyleSpecification
}
