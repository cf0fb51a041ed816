/** `[west, south, east, north]` in degrees, as the map's API takes a box. */
export type Box = [number, number, number, number]

// Steps a grid may have, in degrees: round numbers, so a box is written the same by every phone.
const STEPS = [
  0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 45,
]
// A step of at most a quarter of the view: the box asked for is at most one and a half times the view each way.
const STEPS_PER_VIEW = 4

const stepFor = (span: number) => STEPS.findLast((step) => step <= span / STEPS_PER_VIEW) ?? STEPS[0]!

/**
 * The box to ask for a map view: the view widened to a grid whose step follows the view's size. Two people looking
 * at about the same place at about the same zoom ask for the same box, so the server answers the second from the
 * answer it keeps for a second (docs/decisions/019), and a small pan asks again for the box already shown; the
 * markers just outside the view are drawn where a pan will bring them.
 */
export function boxAround([west, south, east, north]: Box): Box {
  const [stepX, stepY] = [stepFor(east - west), stepFor(north - south)]
  const down = (value: number, step: number) => Number((Math.floor(value / step) * step).toFixed(5))
  const up = (value: number, step: number) => Number((Math.ceil(value / step) * step).toFixed(5))
  return [
    Math.max(-180, down(west, stepX)),
    Math.max(-90, down(south, stepY)),
    Math.min(180, up(east, stepX)),
    Math.min(90, up(north, stepY)),
  ]
}
