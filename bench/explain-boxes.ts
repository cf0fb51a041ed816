/**
 * npm run bench:explain-boxes [-- --orders N] — what a box costs the database when none of its grid's cells is kept
 * yet: the plans (EXPLAIN ANALYZE) of the list's cells (each cell's newest orders and count) and of the map's cells,
 * for a district box and a whole-city box of Tashkent, then the time of each statement alone, averaged over 20
 * calls. Seeds N orders (1,000,000 by default) like `bench:orders`, vacuumed as autovacuum leaves them, on PGlite or,
 * with DATABASE_URL, on a database of its own on that PostgreSQL. The plans go into docs/decisions/019.
 */
import { fillPlaceholders } from 'drizzle-orm'
import { seedDemoUsers } from '#server/seed/demo-users.ts'
import { seedCatalogue } from '#server/seed/catalogue-seed.ts'
import { boxCellsStatement } from '#server/modules/orders/box-cells.ts'
import { cellParams, gridOf } from '#server/modules/orders/grid.ts'
import { mapCellsStatement } from '#server/modules/orders/map-query.ts'
import { BOX_COUNT_LIMIT } from '#server/modules/orders/repository.ts'
import { createTestDatabase } from '#tests/helpers/database.ts'
import { seedOrders } from './bench-server.ts'

const index = process.argv.indexOf('--orders')
const count = index > 0 ? Number(process.argv[index + 1]) : 1_000_000
const BOXES = { district: [69.25, 41.29, 69.31, 41.34], city: [69.13, 41.2, 69.43, 41.42] }

type Client = { query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

const database = await createTestDatabase()
try {
  await seedDemoUsers(database.db)
  await seedCatalogue(database.db, {})
  const started = Date.now()
  await seedOrders(database, count)
  console.log(
    `${count} orders on ${database.kind} (seeded in ${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
  )
  const client = (database.db as unknown as { $client: Client }).$client
  const statements = {
    'list cells': boxCellsStatement(database.db),
    'map cells': mapCellsStatement(database.db, { service: false, category: false }),
  }
  for (const [name, bbox] of Object.entries(BOXES)) {
    const grid = gridOf(bbox)
    const { stepX, stepY, cells } = grid
    const values = { ...cellParams(grid, cells), countLimit: BOX_COUNT_LIMIT }
    for (const [what, statement] of Object.entries(statements)) {
      const query = statement.getQuery()
      const params = fillPlaceholders(query.params, values)
      const plan = await client.query(`explain (analyze, buffers, costs off) ${query.sql}`, params)
      console.log(
        `--- ${what} of the ${name} box ${bbox.join(',')}: ${cells.length} cells of ${stepX} x ${stepY}`,
      )
      console.log(plan.rows.map((row) => Object.values(row)[0]).join('\n'))
      const runs = 20
      const from = performance.now()
      for (let run = 0; run < runs; run++) await client.query(query.sql, params)
      console.log(`${what}, ${name} box: ${((performance.now() - from) / runs).toFixed(1)} ms a call\n`)
    }
  }
} finally {
  await database.close()
}
