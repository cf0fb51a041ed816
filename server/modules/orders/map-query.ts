import { arrayContains, eq, sql, type SQL } from 'drizzle-orm'
import { MAP_CELL_LIMIT, MAP_GRID, type OrderArea, type OrderMarker } from '#contract/schemas/orders.ts'
import type { Database } from '#server/db/client.ts'
import { orders } from '#server/db/schema/orders.ts'
import { roundToArea } from './privacy.ts'

type MapQuery = { bbox: number[]; serviceId?: number; categoryId?: number }
type MarkerRow = {
  cell: number
  id: number
  name: string
  lat: number
  lng: number
  // bigint columns come as strings or BigInts from raw SQL, depending on the driver.
  price: string | number | bigint | null
  price_min: string | number | bigint | null
  price_max: string | number | bigint | null
}
const money = (value: MarkerRow['price']) => (value === null ? null : Number(value))

/**
 * Open orders in a map box without counting them all: the box is cut into MAP_GRID x MAP_GRID cells and each cell
 * reads the MAP_CELL_LIMIT orders nearest its middle through the GiST index on their point (orders_open_spot). A cell that
 * fills up answers one area ("this many or more") instead of its orders, so a crowded city costs a few hundred
 * index reads, whatever the number of orders, and the markers spread over the whole box.
 */
export async function mapMarkers(
  db: Database,
  query: MapQuery,
): Promise<{ collection: OrderMarker[]; areas: OrderArea[] }> {
  const [minLng, minLat, maxLng, maxLat] = query.bbox as [number, number, number, number]
  const width = (maxLng - minLng) / MAP_GRID
  const height = (maxLat - minLat) / MAP_GRID
  const extra: SQL[] = []
  if (query.serviceId !== undefined) extra.push(sql`and ${arrayContains(orders.services, [query.serviceId])}`)
  if (query.categoryId !== undefined) extra.push(sql`and ${eq(orders.categoryId, query.categoryId)}`)
  // The cells are made in SQL from the box (a few parameters, not five per cell: less to parse and plan).
  // The condition repeats the partial index's own (status = 'open' and not is_direct) so the planner can use it.
  // Ordering by distance to the cell's middle makes it walk the index nearest first and stop at the limit; without
  // it the planner may pick a bitmap scan, which reads every order of a crowded cell before limiting.
  const result = (await db.execute(sql`
    select cell.n as cell, o.id, o.name, o.lat, o.lng, o.price, o.price_min, o.price_max
    from generate_series(0, ${MAP_GRID * MAP_GRID - 1}::int) as n,
    lateral (
      select ${minLng}::float8 + (n / ${MAP_GRID}::int) * ${width}::float8 as x0,
             ${minLat}::float8 + (n % ${MAP_GRID}::int) * ${height}::float8 as y0
    ) corner,
    lateral (select n, x0, y0, x0 + ${width}::float8 as x1, y0 + ${height}::float8 as y1) cell
    cross join lateral (
      select id, name, lat, lng, price, price_min, price_max from orders
      where status = 'open' and not is_direct
        and spot <@ box(point(cell.x0, cell.y0), point(cell.x1, cell.y1))
        ${sql.join(extra, sql` `)}
      order by spot <-> point((cell.x0 + cell.x1) / 2, (cell.y0 + cell.y1) / 2)
      limit ${MAP_CELL_LIMIT}
    ) o`)) as unknown as { rows: MarkerRow[] }
  const byCell = new Map<number, MarkerRow[]>()
  for (const row of result.rows) byCell.set(row.cell, [...(byCell.get(row.cell) ?? []), row])
  const collection: OrderMarker[] = []
  const areas: OrderArea[] = []
  const seen = new Set<number>()
  for (const rows of byCell.values()) {
    if (rows.length >= MAP_CELL_LIMIT) {
      areas.push({
        lat: rows.reduce((sum, row) => sum + row.lat, 0) / rows.length,
        lng: rows.reduce((sum, row) => sum + row.lng, 0) / rows.length,
        count: rows.length,
      })
      continue
    }
    // An order on the line between two cells is read by both.
    for (const row of rows.filter((row) => !seen.has(row.id))) {
      seen.add(row.id)
      collection.push({
        id: row.id,
        name: row.name,
        // The map is public: a marker stands at the order's area, never at its door.
        lat: roundToArea(row.lat)!,
        lng: roundToArea(row.lng)!,
        price: money(row.price),
        price_min: money(row.price_min),
        price_max: money(row.price_max),
      })
    }
  }
  return { collection, areas }
}
