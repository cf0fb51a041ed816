import { sql } from 'drizzle-orm'
import { stepAtLeast } from '#contract/map-grid.ts'
import { MAP_GRID } from '#contract/schemas/orders.ts'
import type { PublicAnswers, Weighed } from './public-answers.ts'

export type GridCell = { x: number; y: number }

/**
 * The first and last index of the cells of `step` that cover [from, to]. A division and a multiplication round
 * apart (41.3 / 0.005 gives 8260, yet 8260 * 0.005 is above 41.3): the bounds are checked as the database computes
 * them, index times step, and widened until they hold the edges.
 */
function coveringOf(from: number, to: number, step: number): [number, number] {
  let first = Math.floor(from / step)
  while (first * step > from) first--
  let last = Math.max(first, Math.ceil(to / step) - 1)
  while ((last + 1) * step < to) last++
  return [first, last]
}

/**
 * The cells of the world's grid that cover a box: the grid's step is the round step nearest above a fifth of the
 * box each way (contract/map-grid.ts), so a box is cut into at most MAP_GRID + 1 cells each way, and a cell is the
 * same cell whichever box covers it. Cell (x, y) spans [x * stepX, (x + 1) * stepX] by [y * stepY, (y + 1) * stepY].
 * `reach` stretches the cover (not the steps) past the box's upper edges: cells that end a little below their upper
 * lines (the map's) still cover a point on the box's edge, with one more cell each way at most.
 */
export function gridOf(bbox: number[], reach = 0) {
  const [minLng, minLat, maxLng, maxLat] = bbox as [number, number, number, number]
  const [stepX, stepY] = [stepAtLeast(maxLng - minLng, MAP_GRID), stepAtLeast(maxLat - minLat, MAP_GRID)]
  const [firstX, lastX] = coveringOf(minLng, maxLng + reach, stepX)
  const [firstY, lastY] = coveringOf(minLat, maxLat + reach, stepY)
  const cells: GridCell[] = []
  for (let x = firstX; x <= lastX; x++) for (let y = firstY; y <= lastY; y++) cells.push({ x, y })
  return { stepX, stepY, cells }
}
export type Grid = ReturnType<typeof gridOf>

/**
 * The wanted cells of a grid in SQL, as `cell` (x, y and its edges x0, y0, x1, y1 computed as index times step), from
 * a prepared statement's parameters: `stepX`, `stepY`, and the cells' columns and rows as text lists `xs` and `ys`
 * (which both drivers pass alike). `cellParams` fills them.
 */
export const wantedCellsSql = sql`unnest(string_to_array(${sql.placeholder('xs')}::text, ',')::int[],
                 string_to_array(${sql.placeholder('ys')}::text, ',')::int[]) as wanted(x, y),
          lateral (select wanted.x, wanted.y,
                          wanted.x * ${sql.placeholder('stepX')}::float8 as x0,
                          wanted.y * ${sql.placeholder('stepY')}::float8 as y0,
                          (wanted.x + 1) * ${sql.placeholder('stepX')}::float8 as x1,
                          (wanted.y + 1) * ${sql.placeholder('stepY')}::float8 as y1) cell`

export const cellParams = (grid: Pick<Grid, 'stepX' | 'stepY'>, cells: GridCell[]) => ({
  stepX: grid.stepX,
  stepY: grid.stepY,
  xs: cells.map((cell) => cell.x).join(','),
  ys: cells.map((cell) => cell.y).join(','),
})

/**
 * A grid's cells through the kept answers (`kept.readMany`, or straight from `read` without them), keyed by `kind`,
 * the grid's steps and the cell: `read` reads the cells missing, and answers rows for the cells that have anything,
 * each made into a cell by `cellOf`; the others are `empty`.
 */
export function readGridCells<Row extends GridCell, Cell extends Weighed>(
  grid: Grid,
  kind: string,
  kept: Pick<PublicAnswers, 'readMany'> | undefined,
  read: (cells: GridCell[]) => Promise<Row[]>,
  cellOf: (row: Row) => Cell,
  empty: Cell,
): Promise<Cell[]> {
  const byKey = new Map(
    grid.cells.map((cell) => [`${kind}|${grid.stepX}|${grid.stepY}|${cell.x}|${cell.y}`, cell]),
  )
  const load = async (keys: string[]) => {
    const wanted = keys.map((key) => byKey.get(key)!)
    const found = new Map((await read(wanted)).map((row) => [`${row.x}|${row.y}`, cellOf(row)]))
    return wanted.map((cell) => found.get(`${cell.x}|${cell.y}`) ?? empty)
  }
  const keys = [...byKey.keys()]
  return kept ? kept.readMany(keys, load) : load(keys)
}
