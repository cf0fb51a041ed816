import { sql, type SQL } from 'drizzle-orm'
import { MAP_CELL_LIMIT, type OrderArea, type OrderMarker } from '#contract/schemas/orders.ts'
import type { Database } from '#server/db/client.ts'
import { cellParams, gridOf, readGridCells, wantedCellsSql } from './grid.ts'
import { roundToArea } from './privacy.ts'
import type { PublicAnswers } from './public-answers.ts'

type MapQuery = { bbox: number[]; serviceId?: number; categoryId?: number }
/**
 * A cell's orders as SQL packs them: [id, name, lat, lng, price, price_min, price_max]. Inside JSON the bigint prices
 * are plain numbers (they are bounded far below 2^53), with either driver.
 */
type PackedMarker = [number, string, number, number, number | null, number | null, number | null]
type CellRow = { x: number; y: number; n: number; lat: number; lng: number; markers: PackedMarker[] | null }
/** One cell of the grid as the map shows it: "this many or more" at their middle, or its orders as markers. */
type Cell = { area?: OrderArea; markers: OrderMarker[]; bytes: number }

const EMPTY_CELL: Cell = { markers: [], bytes: 0 }
// Rough weights for the memory's bound: a marker's name is most of it.
const [CELL_BYTES, MARKER_BYTES] = [64, 160]

/**
 * One statement per shape of filter (none, service, category, both), prepared once per connection: the grid's step
 * and the cells' columns and rows are its parameters (as text lists, which both drivers pass the same way).
 * The condition repeats the partial index's own (status = 'open' and not is_direct) so the planner can use it.
 * Ordering by distance to the cell's middle makes it walk the index nearest first and stop at the limit; without
 * it the planner may pick a bitmap scan, which reads every order of a crowded cell before limiting.
 * Each cell answers one row: a full one its count and middle, any other its orders packed as JSON, so a crowded
 * box is a few dozen short rows to read, not hundreds. An empty cell answers no row.
 */
export function mapCellsStatement(db: Database, filters: { service: boolean; category: boolean }) {
  const extra: SQL[] = []
  if (filters.service) extra.push(sql`and services @> array[${sql.placeholder('serviceId')}::int]`)
  if (filters.category) extra.push(sql`and category_id = ${sql.placeholder('categoryId')}::int`)
  const cells = sql`(
    select cell.x, cell.y, count(*)::int as n, avg(o.lat)::float8 as lat, avg(o.lng)::float8 as lng,
           case when count(*) < ${MAP_CELL_LIMIT}::int
                then json_agg(json_build_array(o.id, o.name, o.lat, o.lng, o.price, o.price_min, o.price_max)
                              order by o.distance)
           end as markers
    from ${wantedCellsSql}
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
    group by cell.x, cell.y) as cells`
  const name = ['orders_map_cells', filters.service && 'service', filters.category && 'category']
    .filter(Boolean)
    .join('_')
  return db
    .select({
      x: sql<number>`cells.x`,
      y: sql<number>`cells.y`,
      n: sql<number>`cells.n`,
      lat: sql<number>`cells.lat`,
      lng: sql<number>`cells.lng`,
      markers: sql<CellRow['markers']>`cells.markers`,
    })
    .from(cells)
    .prepare(name)
}

function cellOf(row: CellRow): Cell {
  if (row.n >= MAP_CELL_LIMIT)
    return { area: { lat: row.lat, lng: row.lng, count: row.n }, markers: [], bytes: CELL_BYTES }
  const markers = (row.markers ?? []).map(([id, name, lat, lng, price, priceMin, priceMax]) => ({
    id,
    name,
    // The map is public: a marker stands at the order's area, never at its door.
    lat: roundToArea(lat)!,
    lng: roundToArea(lng)!,
    price,
    price_min: priceMin,
    price_max: priceMax,
  }))
  return { markers, bytes: CELL_BYTES + markers.length * MARKER_BYTES }
}

/**
 * Open orders in a map box without counting them all: the box is covered by cells of the world's grid and each cell
 * reads the MAP_CELL_LIMIT orders nearest its middle through the GiST index on their point (orders_open_spot). A
 * cell that fills up answers one area ("this many or more") instead of its orders, so a crowded city costs a few
 * hundred index reads, whatever the number of orders, and the markers spread over the whole box. The cells are kept
 * with the other public answers (`kept`, public-answers.ts): a box never asked before is made of cells other maps
 * of the same place at the same zoom have read. A cell on the box's edge reaches a little beyond it: the map draws
 * those markers where a pan brings them.
 */
export function createMapQuery(db: Database, kept?: Pick<PublicAnswers, 'readMany'>) {
  const statements = new Map<string, ReturnType<typeof mapCellsStatement>>()
  const statementFor = (filters: { service: boolean; category: boolean }) => {
    const key = `${filters.service}|${filters.category}`
    let statement = statements.get(key)
    if (!statement) statements.set(key, (statement = mapCellsStatement(db, filters)))
    return statement
  }
  return async function mapMarkers(
    query: MapQuery,
  ): Promise<{ collection: OrderMarker[]; areas: OrderArea[] }> {
    const grid = gridOf(query.bbox)
    const statement = statementFor({
      service: query.serviceId !== undefined,
      category: query.categoryId !== undefined,
    })
    const filters = { serviceId: query.serviceId, categoryId: query.categoryId }
    const answered = await readGridCells(
      grid,
      `map-cell|${query.serviceId ?? ''}|${query.categoryId ?? ''}`,
      kept,
      (cells): Promise<CellRow[]> => statement.execute({ ...cellParams(grid, cells), ...filters }),
      cellOf,
      EMPTY_CELL,
    )

    const collection: OrderMarker[] = []
    const areas: OrderArea[] = []
    const seen = new Set<number>()
    for (const cell of answered) {
      if (cell.area) areas.push(cell.area)
      // An order on the line between two cells is read by both.
      for (const marker of cell.markers) {
        if (seen.has(marker.id)) continue
        seen.add(marker.id)
        collection.push(marker)
      }
    }
    return { collection, areas }
  }
}
