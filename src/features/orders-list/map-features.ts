import type { GeoJSONSourceSpecification } from 'maplibre-gl'
import type { OrdersMapResponse } from '#contract/schemas/orders.ts'

export type MarkerProperties =
  | { kind: 'order'; id: number; count: 1; more: false }
  | { kind: 'area'; id: number; count: number; more: true }

/**
 * The GeoJSON the clustered source is fed: one point per order and one per crowded area carrying its count, so
 * a cluster adds up `count` (and knows whether any part of it is "or more").
 */
export function featuresOf(answer: OrdersMapResponse): GeoJSONSourceSpecification['data'] {
  return {
    type: 'FeatureCollection',
    features: [
      ...answer.collection.map((order) => ({
        type: 'Feature' as const,
        properties: { kind: 'order', id: order.id, count: 1, more: false } satisfies MarkerProperties,
        geometry: { type: 'Point' as const, coordinates: [order.lng, order.lat] },
      })),
      ...answer.areas.map((area, index) => ({
        type: 'Feature' as const,
        properties: { kind: 'area', id: index, count: area.count, more: true } satisfies MarkerProperties,
        geometry: { type: 'Point' as const, coordinates: [area.lng, area.lat] },
      })),
    ],
  }
}

/** A cluster's own properties next to the ones added up over its points (see `clusterProperties`). */
export const CLUSTER_PROPERTIES = {
  orders: ['+', ['get', 'count']],
  more: [
    ['any', ['accumulated'], ['get', 'more']],
    ['get', 'more'],
  ],
} as const

/** "12" or "40+" when part of the count stands for crowded areas. */
export const countLabel = (count: number, more: boolean) => `${count}${more ? '+' : ''}`
