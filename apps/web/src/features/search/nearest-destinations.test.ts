import { describe, expect, it } from 'vitest'
import { distanceKm, formatDistance, nearestDestinations } from './nearest-destinations'

const guadalajara = { latitude: 20.6597, longitude: -103.3496 }
const sayula = { latitude: 19.883, longitude: -103.6 }
const mazamitla = { name: 'Mazamitla', latitude: 19.915, longitude: -103.02 }
const tapalpa = { name: 'Tapalpa', latitude: 19.944, longitude: -103.758 }
const tulum = { name: 'Tulum', latitude: 20.211, longitude: -87.465 }
const creel = { name: 'Creel', latitude: 27.752, longitude: -107.635 }

describe('distanceKm', () => {
  it('measures great-circle distances', () => {
    expect(distanceKm(guadalajara, guadalajara)).toBe(0)
    expect(distanceKm(guadalajara, mazamitla)).toBeGreaterThan(85)
    expect(distanceKm(guadalajara, mazamitla)).toBeLessThan(95)
    expect(distanceKm(guadalajara, tulum)).toBeGreaterThan(1600)
  })
})

describe('nearestDestinations', () => {
  it('orders destinations by distance and keeps the closest ones', () => {
    const nearest = nearestDestinations([tulum, creel, tapalpa, mazamitla], sayula, 3)
    expect(nearest.map(({ destination }) => destination.name)).toEqual(['Tapalpa', 'Mazamitla', 'Creel'])
  })
})

describe('formatDistance', () => {
  it.each([
    [0.4, 'A menos de 1 km de ti'],
    [35.4, 'A 35 km de ti'],
    [1234.6, 'A 1,235 km de ti'],
  ])('%f km → %s', (km, text) => {
    expect(formatDistance(km)).toBe(text)
  })
})
