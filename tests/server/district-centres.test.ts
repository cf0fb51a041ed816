import { describe, expect, it } from 'vitest'
import { useTestApp } from '#tests/helpers/test-app.ts'

const t = useTestApp({ catalogue: true })

type Answer = { collection: { name: string; districts: { name: string; lat?: number; lng?: number }[] }[] }

// Uzbekistan's box, a little wider: a transposed pair (69, 41) would fall outside it.
const inUzbekistan = ({ lat, lng }: { lat?: number; lng?: number }) =>
  lat !== undefined && lng !== undefined && lat > 37 && lat < 46 && lng > 55.9 && lng < 73.2

describe('GET /districts', () => {
  it("gives every district its centre, where the order's map opens", async () => {
    const response = await t.call('GET', '/districts', null, undefined, { 'accept-language': 'en' })
    expect(response.statusCode, response.body).toBe(200)
    const districts = response.json<Answer>().collection.flatMap((region) => region.districts)
    expect(districts).toHaveLength(209)
    expect(districts.filter((district) => !inUzbekistan(district))).toEqual([])
    // Chilanzar is in the south-west of Tashkent, a few kilometres from the centre.
    expect(districts.find((district) => district.name.startsWith('Chilanzar'))).toMatchObject({
      lat: expect.closeTo(41.28, 1),
      lng: expect.closeTo(69.2, 1),
    })
  })
})
