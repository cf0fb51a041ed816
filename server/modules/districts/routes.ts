import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { endpoints } from '#contract/endpoints.ts'
import { contractRoute } from '#server/plugins/contract-route.ts'
import { inLocale } from '#server/i18n/localized.ts'
import type { DistrictsRepository } from './repository.ts'

// The list is fixed reference data: browsers and the service worker may keep it for an hour.
const CACHE_FOR_AN_HOUR = 'public, max-age=3600'

// Reference data beside the seed, keyed by district code: read once, never stored in the database.
const CENTRES_FILE = new URL('./district-centres.json', import.meta.url)
const { centres } = JSON.parse(await readFile(CENTRES_FILE, 'utf8')) as {
  centres: Record<string, [lat: number, lng: number]>
}

export async function districtRoutes(
  app: FastifyInstance,
  { districts }: { districts: DistrictsRepository },
) {
  contractRoute(app, endpoints.districts, async ({ request, reply }) => {
    reply.header('cache-control', CACHE_FOR_AN_HOUR).header('vary', 'accept-language')
    const regions = await districts.all()
    return {
      collection: regions.map((region) => ({
        id: region.id,
        name: inLocale(region.name, request.locale),
        districts: region.districts.map((district) => ({
          id: district.id,
          name: inLocale(district.name, request.locale),
          region_id: district.regionId,
          ...centreOf(district.code),
        })),
      })),
    }
  })
}

const centreOf = (code: string) => {
  const centre = centres[code]
  return centre ? { lat: centre[0], lng: centre[1] } : {}
}
