import { sql, type SQL } from 'drizzle-orm'
import { MAP_CELL_LIMIT, MAP_GRID, type OrderArea, type OrderMarker } from '#contract/schemas/orders.ts'
import type { Database } from '#server/db/client.ts'
import { roundToArea } from './privacy.ts'

type MapQuery = { bbox: number[]; serviceId?: number; categoryId?: number }
/**
 * A cell's orders as SQL packs them: [id, name, lat, lng, price, price_min, price_max]. Inside JSON the bigint prices
 * are plain numbers (they are bounded far below 2^53), with either driver.
 */
type PackedMarker = [number, string, number, number, number | null, number | null, number | null]
type CellRow = { n: number; lat: number; lng: number; markers: PackedMarker[] | null }

/**
 * One statement per shape of filter (none, service, category, both), prepared once per connection: the box is its
 * parameters. The cells are made in SQL from the box (a few parameters, not five per cell).
 * The condition repeats the partial index's own (status = 'open' and not is_direct) so the planner can use it.
 * Ordering by distance to the cell's middle makes it walk the index nearest first and stop at the limit; without
 * it the planner may pick a bitmap scan, which reads every order of a crowded cell before limiting.
 * Each cell answers one row: a full one its count and middle, any other its orders packed as JSON, so a crowded
 * box is 25 short rows to read, not 300.
 */
function cellsStatement(db: Database, filters: { service: boolean; category: boolean }) {
  const extra: SQL[] = []
  if (filters.service) extra.push(sql`and services @> array[${sql.placeholder('serviceId')}::int]`)
  if (filters.category) extra.push(sql`and category_id = ${sql.placeholder('categoryId')}::int`)
  const [minLng, minLat] = [sql.placeholder('minLng'), sql.placeholder('minLat')]
  const [width, height] = [sql.placeholder('width'), sql.placeholder('height')]
  const cells = sql`(
    select cell.n as cell, count(*)::int as n, avg(o.lat)::float8 as lat, avg(o.lng)::float8 as lng,
           case when count(*) < ${MAP_CELL_LIMIT}::int
                then json_agg(json_build_array(o.id, o.name, o.lat, o.lng, o.price, o.price_min, o.price_max)
                              order by o.distance)
           end as markers
    from generate_series(0, ${MAP_GRID * MAP_GRID - 1}::int) as n,
    lateral (
      select ${minLng}::float8 + (n / ${MAP_GRID}::int) * ${width}::float8 as x0,
             ${minLat}::float8 + (n % ${MAP_GRID}::int) * ${height}::float8 as y0
    ) corner,
    lateral (select n, x0, y0, x0 + ${width}::float8 as x1, y0 + ${height}::float8 as y1) cell
    cross join lateral (
      select id, name, lat, lng, price, price_min, price_max,
             spot <-> point((cell.x0 + cell.x1) / 2, (cell.y0 + cell.y1) / 2) as distance
      from orders
      where status = 'open' and not is_direct
        and spot <@ box(point(cell.x0, cell.y0), point(cell.x1, cell.y1))
        ${sql.join(extra, sql` `)}
      order by distance
      limit ${MAP_CELL_LIMIT}::int
    ) o
    group by cell.n) as cells`
  const name = ['orders_map', filters.service && 'service', filters.category && 'category']
    .filter(Boolean)
    .join('_')
  return db
    .select({
      n: sql<number>`cells.n`,
      lat: sql<number>`cells.lat`,
      lng: sql<number>`cells.lng`,
      markers: sql<CellRow['markers']>`cells.markers`,
    })
    .from(cells)
    .orderBy(sql`cells.cell`)
    .prepare(name)
}

/**
 * Open orders in a map box without counting them all: the box is cut into MAP_GRID x MAP_GRID cells and each cell
 * reads the MAP_CELL_LIMIT orders nearest its middle through the GiST index on their point (orders_open_spot). A
 * cell that fills up answers one area ("this many or more") instead of its orders, so a crowded city costs a few
 * hundred index reads, whatever the number of orders, and the markers spread over the whole box.
 */
export function createMapQuery(db: Database) {
  const statements = new Map<string, ReturnType<typeof cellsStatement>>()
  const statementFor = (filters: { service: boolean; category: boolean }) => {
    const key = `${filters.service}|${filters.category}`
    let statement = statements.get(key)
    if (!statement) statements.set(key, (statement = cellsStatement(db, filters)))
    return statement
  }
  return async function mapMarkers(
    query: MapQuery,
  ): Promise<{ collection: OrderMarker[]; areas: OrderArea[] }> {
    const [minLng, minLat, maxLng, maxLat] = query.bbox as [number, number, number, number]
    const statement = statementFor({
      service: query.serviceId !== undefined,
      category: query.categoryId !== undefined,
    })
    const cells: CellRow[] = await statement.execute({
      minLng,
      minLat,
      width: (maxLng - minLng) / MAP_GRID,
      height: (maxLat - minLat) / MAP_GRID,
      serviceId: query.serviceId,
      categoryId: query.categoryId,
    })
    const collection: OrderMarker[] = []
    const areas: OrderArea[] = []
    const seen = new Set<number>()
    for (const cell of cells) {
      if (cell.n >= MAP_CELL_LIMIT) {
        areas.push({ lat: cell.lat, lng: cell.lng, count: cell.n })
        continue
      }
      // An order on the line between two cells is read by both.
      for (const [id, name, lat, lng, price, priceMin, priceMax] of cell.markers ?? []) {
        if (seen.has(id)) continue
        seen.add(id)
        collection.push({
          id,
          name,
          // The map is public: a marker stands at the order's area, never at its door.
          lat: roundToArea(lat)!,
          lng: roundToArea(lng)!,
          price,
          price_min: priceMin,
          price_max: priceMax,
        })
      }
    }
    return { collection, areas }
  }
}
