import type { SourceSpecification, StyleSpecification } from 'maplibre-gl'
import type { LatLng } from './geo.ts'

/** The largest map a phone shows a place in (CSS pixels): the tiles that cover it around the place are fetched. */
const VIEW = { width: 480, height: 320 }
/** At most this many tiles for one visit: the service worker's map-tiles cache holds 400. */
export const MAX_TILES_AHEAD = 160

type TiledSource = { tiles: string[]; tileSize?: number; minzoom?: number; maxzoom?: number; scheme?: string }

const tiled = (source: SourceSpecification): source is SourceSpecification & TiledSource =>
  (source.type === 'vector' || source.type === 'raster' || source.type === 'raster-dem') &&
  Array.isArray((source as TiledSource).tiles)

/** The suffix of a tile for screens of twice the density. */
const RETINA = '@2x'

/** Bing's tile key: a digit per zoom level, from the tile's x and y bits (as MapLibre writes `{quadkey}`). */
function quadkey(z: number, x: number, y: number) {
  let key = ''
  for (let level = z; level > 0; level--) {
    const mask = 1 << (level - 1)
    key += String((x & mask ? 1 : 0) + (y & mask ? 2 : 0))
  }
  return key
}

/**
 * A tile's address as MapLibre writes it (its TileID.url). `{bbox-epsg-3857}` is not worked out: such a source is
 * not fetched ahead, and draws offline only where a map asked for its tiles.
 */
function tileUrl(template: string, z: number, x: number, y: number, tms: boolean, pixelRatio: number) {
  if (/\{bbox-epsg-3857\}/.test(template)) return undefined
  const values: Record<string, string> = {
    prefix: (x % 16).toString(16) + (y % 16).toString(16),
    z: String(z),
    x: String(x),
    y: String(tms ? 2 ** z - y - 1 : y),
    ratio: pixelRatio > 1 ? RETINA : '',
    quadkey: quadkey(z, x, y),
  }
  return template.replace(/\{(prefix|z|x|y|ratio|quadkey)\}/g, (_, name: string) => values[name]!)
}

/**
 * The addresses of the tiles a map of `style` centred on `place` at `zoom` asks for, as MapLibre works them out:
 * tiles of 512 px unless the source says otherwise, the zoom clamped to the source's, `tms` counted from the south.
 */
export function tilesAround(
  style: StyleSpecification,
  place: LatLng,
  zoom: number,
  pixelRatio = 1,
): string[] {
  const urls: string[] = []
  for (const source of Object.values(style.sources)) {
    if (!tiled(source) || source.tiles.length === 0) continue
    const tileSize = source.tileSize ?? 512
    const z = Math.min(
      Math.max(Math.floor(zoom + Math.log2(512 / tileSize)), source.minzoom ?? 0),
      source.maxzoom ?? 22,
    )
    const count = 2 ** z
    // The place and the view's half-size in tiles of zoom z (a map of `zoom` is 512 * 2^zoom CSS pixels wide).
    const x = ((place.lng + 180) / 360) * count
    const latitude = (place.lat * Math.PI) / 180
    const y = ((1 - Math.log(Math.tan(latitude) + 1 / Math.cos(latitude)) / Math.PI) / 2) * count
    const tilesPerPixel = count / (512 * 2 ** zoom)
    const [halfWidth, halfHeight] = [(VIEW.width / 2) * tilesPerPixel, (VIEW.height / 2) * tilesPerPixel]
    for (let tx = Math.floor(x - halfWidth); tx <= Math.floor(x + halfWidth); tx++) {
      for (let ty = Math.floor(y - halfHeight); ty <= Math.floor(y + halfHeight); ty++) {
        if (ty < 0 || ty >= count) continue
        const column = ((tx % count) + count) % count
        const template = source.tiles[(column + ty) % source.tiles.length]!
        const url = tileUrl(template, z, column, ty, source.scheme === 'tms', pixelRatio)
        if (url) urls.push(url)
      }
    }
  }
  return urls
}

/** The tiles of every place at each zoom, each once, at most MAX_TILES_AHEAD of them (the first places first). */
export function tilesAhead(style: StyleSpecification, places: LatLng[], zooms: number[], pixelRatio = 1) {
  const urls = new Set<string>()
  for (const place of places)
    for (const zoom of zooms) for (const url of tilesAround(style, place, zoom, pixelRatio)) urls.add(url)
  return [...urls].slice(0, MAX_TILES_AHEAD)
}
