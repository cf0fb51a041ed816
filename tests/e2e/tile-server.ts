import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll } from 'vitest'

/** The colour of every tile: a map showing it drew tiles of this server, online or from the device's cache. */
export const TILE_COLOUR = { r: 255, g: 0, b: 255 }

/**
 * A map tile server on this machine, standing in for OpenFreeMap: a style whose one source is a TileJSON, and raster
 * tiles of 256 px all of TILE_COLOUR, each fetch counted. `env` is for `useProduct` (MAP_STYLE_URL), and is filled
 * before the product starts: call this before `useProduct`.
 */
export function useTileServer() {
  const env: Record<string, string> = {}
  const state = { server: undefined as Server | undefined, tilesServed: 0, origin: '' }
  beforeAll(async () => {
    const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: TILE_COLOUR } })
      .png()
      .toBuffer()
    const server = createServer((request, response) => {
      // MapLibre fetches with CORS from the app's origin.
      response.setHeader('access-control-allow-origin', '*')
      const path = request.url ?? '/'
      if (path === '/style.json')
        return response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            version: 8,
            name: 'Test tiles',
            sources: { streets: { type: 'raster', url: `${state.origin}/tiles.json`, tileSize: 256 } },
            layers: [
              { id: 'background', type: 'background', paint: { 'background-color': '#ffffff' } },
              { id: 'streets', type: 'raster', source: 'streets' },
            ],
          }),
        )
      if (path === '/tiles.json')
        return response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ tilejson: '3.0.0', tiles: ['/tiles/{z}/{x}/{y}.png'], maxzoom: 19 }))
      if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(path)) {
        state.tilesServed++
        return response.writeHead(200, { 'content-type': 'image/png' }).end(tile)
      }
      response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    state.server = server
    state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    env.MAP_STYLE_URL = `${state.origin}/style.json`
  })
  afterAll(async () => {
    state.server?.closeAllConnections()
    await new Promise((resolve) => state.server?.close(resolve) ?? resolve(undefined))
  })
  return {
    env,
    get tilesServed() {
      return state.tilesServed
    },
  }
}

/** The share of an image's pixels in TILE_COLOUR (within a little of it, for the map's smoothing). */
export async function tileColourShare(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let matching = 0
  for (let index = 0; index < data.length; index += info.channels) {
    const [r, g, b] = [data[index]!, data[index + 1]!, data[index + 2]!]
    if (r > 200 && g < 60 && b > 200) matching++
  }
  return matching / (info.width * info.height)
}
