import { describe, expect, it } from 'vitest'
import { drivingRouteUrl, groupByCoordinates } from './map-groups'

const at = (id: string, latitude: number, longitude: number) => ({ id, location: { latitude, longitude } })

describe('groupByCoordinates', () => {
  it('puts cabins at the same position under one marker, in first-seen order', () => {
    const groups = groupByCoordinates([
      at('a', 19.915, -103.02),
      at('b', 20.211, -87.465),
      at('c', 19.915000001, -103.020000004),
      at('d', 19.915, -103.02),
    ])
    expect(groups.map((group) => group.items.map((item) => item.id))).toEqual([['a', 'c', 'd'], ['b']])
    expect(groups[0]).toMatchObject({ latitude: 19.915, longitude: -103.02 })
  })

  it('keeps cabins a few metres apart on their own markers', () => {
    expect(groupByCoordinates([at('a', 19.915, -103.02), at('b', 19.9151, -103.02)])).toHaveLength(2)
  })
})

describe('drivingRouteUrl', () => {
  it('asks Google Maps for a driving route to the cabin', () => {
    expect(drivingRouteUrl({ latitude: 19.915, longitude: -103.02 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=19.915,-103.02&travelmode=driving',
    )
  })
})
