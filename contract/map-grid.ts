/**
 * The map's grid: steps in degrees that every box is cut along, round numbers so that every client and every server
 * process cuts the world the same way (docs/decisions/019). A cell of this grid is the same cell whatever box asked
 * for it, so the orders read for one person's map serve the next person's map of the same place.
 */
export const MAP_STEPS = [
  0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 45, 90, 180,
]

/** The grid's step at most `span / parts` (the finest when none is). */
export const stepAtMost = (span: number, parts: number) =>
  MAP_STEPS.findLast((step) => step <= span / parts) ?? MAP_STEPS[0]!

/** The grid's step at least `span / parts` (the coarsest when none is). */
export const stepAtLeast = (span: number, parts: number) =>
  MAP_STEPS.find((step) => step >= span / parts) ?? MAP_STEPS.at(-1)!

/** `value` on the grid of `step`, written with no floating point noise (the steps have at most four decimals). */
export const onGrid = (index: number, step: number) => Number((index * step).toFixed(5))
