import { describe, expect, it } from 'vitest'
import { boxAround, type Box } from '#src/features/orders-list/map-box.ts'

const contains = (outer: Box, inner: Box) =>
  outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3]

describe('the box the orders map asks for', () => {
  it('is the same for views of about the same place at about the same zoom', () => {
    // Two phones of different sizes opening the map on Tashkent, one of them panned a little.
    const first = boxAround([69.2012, 41.2733, 69.2581, 41.3187])
    const second = boxAround([69.2034, 41.2751, 69.2566, 41.3164])
    expect(first).toEqual(second)
    expect(first).toEqual([69.2, 41.27, 69.26, 41.32])
  })

  it('holds the whole view, and at most one and a half times its size each way', () => {
    const views: Box[] = [
      [69.2012, 41.2733, 69.2581, 41.3187],
      [66.93, 39.62, 66.99, 39.68],
      [55.9, 37.1, 73.2, 45.6],
      [69.24001, 41.30002, 69.24109, 41.30071],
      [-179.9, -89.9, 179.9, 89.9],
    ]
    for (const view of views) {
      const box = boxAround(view)
      expect(contains(box, view), `${box} holds ${view}`).toBe(true)
      expect(box[2] - box[0]).toBeLessThanOrEqual((view[2] - view[0]) * 1.5 + 1e-9)
      expect(box[3] - box[1]).toBeLessThanOrEqual((view[3] - view[1]) * 1.5 + 1e-9)
    }
  })

  it('stays inside the world', () => {
    expect(boxAround([-180, -90, 180, 90])).toEqual([-180, -90, 180, 90])
    expect(boxAround([-179.95, -85.3, 179.95, 85.3])).toEqual([-180, -90, 180, 90])
  })

  it('writes round numbers that every phone writes alike', () => {
    for (const value of boxAround([69.2012, 41.2733, 69.2581, 41.3187]))
      expect(value.toFixed(5)).toMatch(/^-?\d+\.\d{0,3}0*$/)
  })
})
