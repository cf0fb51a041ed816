import { stepAtLeast } from '#contract/map-grid.ts'
import { MAP_GRID } from '#contract/schemas/orders.ts'

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
 */
export function gridOf(bbox: number[]) {
  const [minLng, minLat, maxLng, maxLat] = bbox as [number, number, number, number]
  const [stepX, stepY] = [stepAtLeast(maxLng - minLng, MAP_GRID), stepAtLeast(maxLat - minLat, MAP_GRID)]
  const [firstX, lastX] = coveringOf(minLng, maxLng, stepX)
  const [firstY, lastY] = coveringOf(minLat, maxLat, stepY)
  const cells: GridCell[] = []
  for (let x = firstX; x <= lastX; x++) for (let y = firstY; y <= lastY; y++) cells.push({ x, y })
  return { stepX, stepY, cells }
}
export type Grid = ReturnType<typeof gridOf>
