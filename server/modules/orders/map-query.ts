import { sql, type SQL } from 'drizzle-orm'
import {
  MAP_CELL_LIMIT,
  MAP_POINT_LIMIT,
  type OrderArea,
  type OrderMarker,
} from '#contract/schemas/orders.ts'
import type { Database } from '#server/db/client.ts'
import { cellParams, gridOf, readGridCells, wantedCellsSql } from './grid.ts'
import { AREA_STEP } from './privacy.ts'
import type { PublicAnswers } from './public-answers.ts'

type MapQuery = { bbox: number[]; serviceId?: number; categoryId?: number }
/**
 * A cell's orders as SQL packs them: [id, name, lat, lng, price, price_min, price_max], lat and lng those of the
 * public point. Inside JSON the bigint prices are plain numbers (they are bounded far below 2^53), with either driver.
 */
type PackedMarker = [number, string, number, number, number | null, number | null, number | null]
/** `markers` is null for a full cell. */
type CellRow = { x: number; y: number; n: number; lat: number; lng: number; markers: PackedMarker[] | null }
/** One cell of the grid as the map shows it: "this many or more" at their middle, or its orders as markers. */
type Cell = { area?: OrderArea; markers: OrderMarker[]; bytes: number }

const EMPTY_CELL: Cell = { markers: [], bytes: 0 }
// Rough weights for the memory's bound: a marker's name is most of it.
const [CELL_BYTES, MARKER_BYTES] = [64, 160]
// How far below its upper lines a cell's box ends: far less than the finest step (0.0001°), far more than the
// rounding error of a line computed as index times step (under 1e-13°).
const BELOW_LINE_DEGREES = 1e-7
const BELOW_LINE = sql.raw(`${BELOW_LINE_DEGREES}::float8`)

/**
 * How many orders a cell of the grid's steps shows, in SQL. Public points lie on the 0.01° lines, which are lines of
 * every finer step too: a cell of at most 0.01° each way holds one point (its lower left corner), whose orders no zoom
 * parts.
 */
const cellLimit = sql`(case when ${sql.placeholder('stepX')}::float8 <= ${sql.raw(`${AREA_STEP}::float8`)}
                             and ${sql.placeholder('stepY')}::float8 <= ${sql.raw(`${AREA_STEP}::float8`)}
                            then ${sql.raw(String(MAP_POINT_LIMIT))} else ${sql.raw(String(MAP_CELL_LIMIT))} end)`

/**
 * One statement per shape of filter (none, service, category, both), prepared once per connection: the grid's step
 * and the cells' columns and rows are its parameters (as text lists, which both drivers pass the same way).
 * The condition repeats the partial index's own (status = 'open' and not is_direct) so the planner can use it.
 * Ordering by distance to the cell's middle makes it walk the index nearest first and stop at the limit; without
 * it the planner may pick a bitmap scan, which reads every order of a crowded cell before limiting.
 * Everything is computed from `spot`, the public point (rounded to 0.01°), never from the exact pin: which cell holds
 * an order, its distance to the middle, a crowd's middle and the markers' places (docs/decisions/008). A cell is
 * half-open, its box ending just below its upper lines, so that a point on a line (at a fine step every public point
 * is on one) is in one cell only, and the index itself leaves it out of the others.
 * Each cell answers one row: a full one its count and middle (and no markers), any other its orders packed as JSON,
 * so a crowded box is a few dozen short rows to read, not hundreds. An empty cell answers no row.
 */
export function mapCellsStatement(db: Database, filters: { service: boolean; category: boolean }) {
  const extra: SQL[] = []
  if (filters.service) extra.push(sql`and services @> array[${sql.placeholder('serviceId')}::int]`)
  if (filters.category) extra.push(sql`and category_id = ${sql.placeholder('categoryId')}::int`)
  const cells = sql`(
    select cell.x, cell.y, count(*)::int as n, avg(o.lat)::float8 as lat, avg(o.lng)::float8 as lng,
           case when count(*) < ${cellLimit}
                then json_agg(json_build_array(o.id, o.name, o.lat, o.lng, o.price, o.price_min, o.price_max)
                              order by o.distance, o.id)
           end as markers
    from ${wantedCellsSql}
    cross join lateral (
      select id, name, spot[1] as lat, spot[0] as lng, price, price_min, price_max,
             spot <-> point((cell.x0 + cell.x1) / 2, (cell.y0 + cell.y1) / 2) as distance
      from orders
      where status = 'open' and not is_direct and hidden_at is null
        and spot <@ box(point(cell.x0 - ${BELOW_LINE}, cell.y0 - ${BELOW_LINE}),
                        point(cell.x1 - ${BELOW_LINE}, cell.y1 - ${BELOW_LINE}))
        ${sql.join(extra, sql` `)}
      order by distance
      limit ${cellLimit}
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
  if (row.markers === null)
    return { area: { lat: row.lat, lng: row.lng, count: row.n }, markers: [], bytes: CELL_BYTES }
  // Each marker stands at its order's public point: the area, never the door.
  const markers = (row.markers ?? []).map(([id, name, lat, lng, price, priceMin, priceMax]) => ({
    id,
    name,
    lat,
    lng,
    price,
    price_min: priceMin,
    price_max: priceMax,
  }))
  return { markers, bytes: CELL_BYTES + markers.length * MARKER_BYTES }
}

/**
 * Open orders in a map box without counting them all: the box is covered by cells of the world's grid and each cell
 * reads the orders nearest its middle, up to its limit, through the GiST index on their public point
 * (orders_open_spot). A cell that fills up answers one area ("this many or more") instead of its orders, so a crowded
 * city costs a few hundred index reads, whatever the number of orders, and the markers spread over the whole box. The
 * cells are kept with the other public answers (`kept`, public-answers.ts): a box never asked before is made of cells
 * other maps of the same place at the same zoom have read. A cell on the box's edge reaches a little beyond it: the
 * map draws those markers where a pan brings them.
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
    // A point on the box's upper edge is in the cell above it.
    const grid = gridOf(query.bbox, BELOW_LINE_DEGREES)
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
      // An order is in one cell only; the set keeps a marker from being listed twice all the same.
      for (const marker of cell.markers) {
        if (seen.has(marker.id)) continue
        seen.add(marker.id)
        collection.push(marker)
      }
    }
    return { collection, areas }
  }
}
