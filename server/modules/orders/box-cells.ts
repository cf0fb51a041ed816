import { sql } from 'drizzle-orm'
import { MAX_PER_PAGE } from '#contract/schemas/catalogue.ts'
import type { Database } from '#server/db/client.ts'
import { cellParams, gridOf, readGridCells, wantedCellsSql, type Grid, type GridCell } from './grid.ts'
import type { PublicAnswers } from './public-answers.ts'
import type { ListedOrder, ListKey, OrdersPage } from './order-rows.ts'

/** A cell keeps its newest open orders, enough for two of the longest pages. */
export const KEPT_PER_CELL = 2 * MAX_PER_PAGE

/** An order a cell keeps: which order, its place in the list and its public point, packed as SQL sends it. */
type Packed = [
  id: number,
  version: string,
  customerId: number,
  executorId: number | null,
  listedAt: string,
  lng: number,
  lat: number,
]
/** `at` is created_at in microseconds, which a number holds exactly: compared on every step of a page's merge. */
type CellOrder = ListedOrder & { listedAt: string; at: number; lng: number; lat: number }
type Place = { at: number; id: number }
/** `count` is the cell's open orders counted up to `countLimit`; `orders` its newest, up to KEPT_PER_CELL. */
type BoxCell = { count: number; orders: CellOrder[]; bytes: number }

const EMPTY: BoxCell = { count: 0, orders: [], bytes: 0 }
// A rough weight for the memory's bound.
const ORDER_BYTES = 120
// The exact text of created_at that list keys carry (listed-columns.ts): fixed width, so it sorts as time does.
const EXACT_KEY = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/

/** Microseconds since 1970 of an exact key. */
const microsOf = (exact: string) => Date.parse(`${exact.slice(0, 23)}Z`) * 1000 + Number(exact.slice(23, 26))
/** Whether `a` comes before `b` in a list, newest first. */
const isBefore = (a: Place, b: Place) => a.at > b.at || (a.at === b.at && a.id > b.id)

/**
 * Every cell's newest orders and count (up to the box's count limit, from the GiST index alone), for the cells given
 * as text lists. An order is where its public point (`spot`, rounded to 0.01°) is, as everywhere a box is public
 * (docs/decisions/008): never its exact pin. The newest are those of the closed cell, as a box takes them, so an order
 * on a grid line is in both cells; the count is of the half-open cell, [x0, x1) by [y0, y1), so that cells side by
 * side never count an order twice. The newest are picked from the GiST index alone (it carries created_at and id, migration 0023) and sorted;
 * only they are read from the table. The `offset 0` keeps the planner from walking the newest-first index instead,
 * which in a small cell would pass over most of a city to find a few.
 */
export function boxCellsStatement(db: Database) {
  const inCell = sql`status = 'open' and not is_direct and hidden_at is null
        and spot <@ box(point(cell.x0, cell.y0), point(cell.x1, cell.y1))`
  return db
    .select({
      x: sql<number>`cell.x`,
      y: sql<number>`cell.y`,
      count: sql<number>`(select count(*)::int from (select 1 from orders where ${inCell}
                           and spot[0] < cell.x1 and spot[1] < cell.y1 limit ${sql.placeholder('countLimit')}::int) counted)`,
      orders: sql<Packed[] | null>`(
        select json_agg(json_build_array(o.id, o.xmin::text, o.customer_id, o.executor_id,
                          to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                          o.spot[0], o.spot[1])
                        order by newest.created_at desc, newest.id desc)
        from (select id, created_at from (select id, created_at from orders where ${inCell} offset 0) in_cell
              order by created_at desc, id desc limit ${KEPT_PER_CELL}::int) newest
        join orders o on o.id = newest.id)`,
    })
    .from(wantedCellsSql)
    .prepare('orders_box_cells')
}

const cellOf = (orders: Packed[] | null, count: number): BoxCell => {
  const kept = (orders ?? []).map(([id, version, customerId, executorId, listedAt, lng, lat]) => ({
    id,
    version,
    customerId,
    executorId,
    listedAt,
    at: microsOf(listedAt),
    lng,
    lat,
  }))
  return { count, orders: kept, bytes: 64 + kept.length * ORDER_BYTES }
}

/**
 * A page of the open orders in a map box made from the cells of the world's grid that cover it (grid.ts), each kept
 * with the other public answers: a box never asked before is made of cells that other boxes of the same place at the
 * same zoom have read. Only the plain box (no other filter), on its first page or by cursor. It answers nothing
 * (the caller reads the database) when the cells cannot prove the page: when a cell that holds more orders than it
 * keeps could have one that belongs on the page, or a page number past the first is asked.
 */
export function createBoxCells(
  db: Database,
  kept: Pick<PublicAnswers, 'readMany' | 'serving'>,
  countLimit: number,
) {
  const statement = boxCellsStatement(db)

  /**
   * The box's count, up to `countLimit`, when cells hold more than they keep: the cells wholly inside the box count
   * their half-open parts, which never overlap; when those alone reach the limit, so does the box. Otherwise the
   * database counts it.
   */
  const totalOf = async (grid: Grid, cells: BoxCell[], bbox: number[], countBox: () => Promise<number>) => {
    let inner = 0
    grid.cells.forEach((cell, index) => {
      if (isInside(grid, cell, bbox)) inner += cells[index]!.count
    })
    return inner >= countLimit ? countLimit : countBox()
  }

  const cellsOf = (grid: Grid) =>
    readGridCells(
      grid,
      'box-cell',
      kept,
      (cells) => statement.execute({ ...cellParams(grid, cells), countLimit }),
      (row) => cellOf(row.orders, row.count),
      EMPTY,
    )

  return {
    /**
     * The page, and its total when the cells tell it (otherwise `countBox` counts the box in the database); undefined
     * when the database must read the page.
     */
    async page(
      bbox: number[],
      paging: { page: number; perPage: number; after?: ListKey | undefined },
      countBox: () => Promise<number>,
    ): Promise<OrdersPage | undefined> {
      const { page, perPage, after } = paging
      // Without the memory every cell would be read for every page: the database's own plans cost less.
      if (!kept.serving || (!after && page !== 1)) return undefined
      const cursor = after && { at: microsOf(after.createdAt), id: after.id }
      // A key the server did not write (a client may send any date) is left to the database's own comparison.
      if (after && (!EXACT_KEY.test(after.createdAt) || Number.isNaN(cursor!.at))) return undefined
      const [minLng, minLat, maxLng, maxLat] = bbox as [number, number, number, number]
      const grid = gridOf(bbox)
      const cells = await cellsOf(grid)

      const inBox = (order: CellOrder) =>
        order.lng >= minLng && order.lng <= maxLng && order.lat >= minLat && order.lat <= maxLat
      const inside = grid.cells.map((cell) => isInside(grid, cell, bbox))
      const found = newestOf(cells, inside, inBox, cursor, perPage + 1)
      // A cell holding more than it keeps proves the page only if all it does not keep is older than the page's end.
      const end = found.length > perPage ? found[perPage] : undefined
      // A cell that keeps fewer than it may keeps all it has.
      const isWhole = (cell: BoxCell) => cell.orders.length < KEPT_PER_CELL
      for (const cell of cells) {
        if (isWhole(cell)) continue
        if (!end || isBefore(cell.orders.at(-1)!, end)) return undefined
      }
      return {
        ...pageOf(found, perPage),
        total: cells.every(isWhole)
          ? Math.min(countInBox(cells, inBox), countLimit)
          : await totalOf(grid, cells, bbox, countBox),
      }
    },
  }
}

/** Whether a cell lies wholly inside a box, as the database computes its edges (index times step). */
function isInside(grid: Grid, { x, y }: GridCell, bbox: number[]) {
  const [minLng, minLat, maxLng, maxLat] = bbox as [number, number, number, number]
  const [x0, y0, x1, y1] = [x * grid.stepX, y * grid.stepY, (x + 1) * grid.stepX, (y + 1) * grid.stepY]
  return x0 >= minLng && x1 <= maxLng && y0 >= minLat && y1 <= maxLat
}

/**
 * The `count` newest orders in the box after `cursor`, over cells that each keep theirs newest first: a merge that
 * reads each cell only as far as the page reaches, starting past the cursor (a binary search), and tests the box only
 * in cells not wholly inside it. An order on a grid line is kept by the cells on both sides of it and taken once.
 */
function newestOf(
  cells: BoxCell[],
  inside: boolean[],
  inBox: (order: CellOrder) => boolean,
  cursor: Place | undefined,
  count: number,
) {
  const positions = cells.map(({ orders }) => {
    if (!cursor) return 0
    let [low, high] = [0, orders.length]
    while (low < high) {
      const middle = (low + high) >> 1
      if (isBefore(orders[middle]!, cursor) || orders[middle]!.id === cursor.id) low = middle + 1
      else high = middle
    }
    return low
  })
  const headOf = (index: number) => {
    const orders = cells[index]!.orders
    let position = positions[index]!
    if (!inside[index]) while (position < orders.length && !inBox(orders[position]!)) position++
    positions[index] = position
    return orders[position]
  }
  const heads = cells.map((_, index) => headOf(index))
  const found: CellOrder[] = []
  const taken = new Set<number>()
  while (found.length < count) {
    let newest = -1
    for (let index = 0; index < heads.length; index++) {
      const head = heads[index]
      if (head && (newest < 0 || isBefore(head, heads[newest]!))) newest = index
    }
    if (newest < 0) break
    const order = heads[newest]!
    positions[newest]!++
    heads[newest] = headOf(newest)
    if (taken.has(order.id)) continue
    taken.add(order.id)
    found.push(order)
  }
  return found
}

/** The orders in the box of cells that keep all theirs, each once. */
const countInBox = (cells: BoxCell[], inBox: (order: CellOrder) => boolean) =>
  new Set(cells.flatMap((cell) => cell.orders.filter(inBox).map((order) => order.id))).size

const pageOf = (found: CellOrder[], perPage: number) => {
  const last = found.length > perPage ? found[perPage - 1]! : undefined
  return {
    entries: found
      .slice(0, perPage)
      .map(({ id, version, customerId, executorId }) => ({ id, version, customerId, executorId })),
    next: last ? { createdAt: last.listedAt, id: last.id } : null,
  }
}
