/**
 * Rebuilds src/features/map/uzbekistan-outline.json, the bundled map's land: Uzbekistan and its neighbours from
 * Natural Earth's 1:50m countries (public domain), coordinates rounded to about 100 m. Run it with the two data
 * packages at hand, outside the project's dependencies:
 *   npm install --no-save world-atlas@2 topojson-client@3 && node_modules/.bin/node scripts/map-outline.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
type Position = number[]
type Nested = Position | Nested[]
type Geometry = { type: string; coordinates: Nested }
type Topology = { objects: { countries: unknown } }
const { feature } = require('topojson-client') as {
  feature: (topology: Topology, object: unknown) => { features: { id: string; geometry: Geometry }[] }
}

// ISO 3166 numeric codes, as world-atlas names its countries.
const COUNTRIES: Record<string, string> = {
  '860': 'uz',
  '398': 'kz',
  '417': 'kg',
  '762': 'tj',
  '795': 'tm',
  '004': 'af',
}
const round = (value: Nested): Nested =>
  typeof value[0] === 'number'
    ? (value as Position).map((n) => Math.round(n * 1000) / 1000)
    : (value as Nested[]).map(round)

const topology = JSON.parse(
  readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'),
) as Topology
const features = feature(topology, topology.objects.countries)
  .features.filter((country) => COUNTRIES[country.id])
  .map((country) => ({
    type: 'Feature',
    properties: { country: COUNTRIES[country.id] },
    geometry: { type: country.geometry.type, coordinates: round(country.geometry.coordinates) },
  }))
writeFileSync(
  new URL('../src/features/map/uzbekistan-outline.json', import.meta.url),
  JSON.stringify({ type: 'FeatureCollection', features }),
)
