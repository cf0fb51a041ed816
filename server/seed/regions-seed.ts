import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { Database } from '#server/db/client.ts'
import type { Localized } from '#server/db/schema/catalogue.ts'
import { districts, regions } from '#server/db/schema/specialists.ts'

/**
 * The 14 regions of Uzbekistan and their 209 districts and cities of regional rank, in server/seed/regions.json.
 * Source: github.com/Khudayberdiyev0022/uzbekistan-regions (database/data/regions.json and districts.json, commit
 * 5aaaa4e), a cleaned compilation of github.com/MIMAXUZ/uzbekistan-regions-data after the SOATO classifier of the
 * Agency of Statistics; its `name_uz` is Uzbek Latin (our `oz`), its `name_oz` Uzbek Cyrillic (our `uz`). The English
 * names are transliterated here, with the established spelling where there is one (Yunusabad, Samarkand).
 */
export type SeedRegion = {
  code: string
  soato: number
  name: Localized
  districts: { code: string; soato: number; name: Localized }[]
}

const REGIONS_FILE = fileURLToPath(new URL('regions.json', import.meta.url))

export async function loadSeedRegions(): Promise<SeedRegion[]> {
  return (JSON.parse(await readFile(REGIONS_FILE, 'utf8')) as { regions: SeedRegion[] }).regions
}

/**
 * Fills empty `regions` and `districts` tables in the file's order (Tashkent city, Karakalpakstan, then the
 * regions; cities before districts); a table with rows is left alone, so a restart never duplicates.
 */
export async function seedRegions(db: Database): Promise<number> {
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(regions)
  if ((existing?.count ?? 0) > 0) return 0
  let added = 0
  for (const [position, region] of (await loadSeedRegions()).entries()) {
    const [row] = await db
      .insert(regions)
      .values({ code: region.code, position, name: region.name })
      .onConflictDoNothing()
      .returning({ id: regions.id })
    if (!row) continue
    await db
      .insert(districts)
      .values(
        region.districts.map((district, index) => ({
          regionId: row.id,
          code: district.code,
          position: index,
          name: district.name,
        })),
      )
      .onConflictDoNothing()
    added += region.districts.length
  }
  return added
}
