import { onGrid, stepAtMost } from '#contract/map-grid.ts'

/** `[west, south, east, north]` in degrees, as the map's API takes a box. */
export type Box = [number, number, number, number]

// A step of at most a quarter of the view: the box asked for is at most one and a half times the view each way.
const STEPS_PER_VIEW = 4

/**
 * The box to ask for a map view: the view widened to a grid whose step follows the view's size. Two people looking
 * at about the same place at about the same zoom ask for the same box, so the server answers the second from the
 * answer it keeps for a second (docs/decisions/019), and a small pan asks again for the box already shown; the
 * markers just outside the view are drawn where a pan will bring them.
 */
export function boxAround([west, south, east, north]: Box): Box {
  const [stepX, stepY] = [stepAtMost(east - west, STEPS_PER_VIEW), stepAtMost(north - south, STEPS_PER_VIEW)]
  const down = (value: number, step: number) => onGrid(Math.floor(value / step), step)
  const up = (value: number, step: number) => onGrid(Math.ceil(value / step), step)
  return [
    Math.max(-180, down(west, stepX)),
    Math.max(-90, down(south, stepY)),
    Math.min(180, up(east, stepX)),
    Math.min(90, up(north, stepY)),
  ]
}
