import { describe, expect, it } from 'vitest'
import {
  AMENITY_KEYS,
  AMENITY_LABELS,
  amenityLabel,
  FEATURE_GROUPS,
  featuresFromAmenities,
  listAmenities,
} from './amenities.ts'
import { cabinPlace } from './cabin.ts'
import { normalizeText } from './normalize.ts'

describe('amenities', () => {
  it('gives every feature key exactly one group', () => {
    const keys = FEATURE_GROUPS.flatMap((group) => Object.keys(AMENITY_LABELS[group]))
    expect(new Set(keys).size).toBe(keys.length)
    expect(AMENITY_KEYS).toHaveLength(keys.length)
  })

  it('round-trips a list of amenities through the eight groups', () => {
    const features = featuresFromAmenities(['wifi', 'fireplace', 'pool', 'lakeView'])
    expect(Object.keys(features)).toEqual([...FEATURE_GROUPS])
    expect(features.generalFeatures.wifi).toBe(true)
    expect(features.generalFeatures.petsAllowed).toBe(false)
    expect(listAmenities(features)).toEqual(['wifi', 'fireplace', 'lakeView', 'pool'].sort(byGroupOrder))
  })

  it('ignores false and unknown features when listing', () => {
    expect(
      listAmenities({ generalFeatures: { wifi: false, teleporter: true }, sport: { pool: true } }),
    ).toEqual(['pool'])
  })

  it('labels keys in Spanish and shows unknown keys as they are', () => {
    expect(amenityLabel('petsAllowed')).toBe('Se admiten mascotas')
    expect(amenityLabel('teleporter')).toBe('teleporter')
  })
})

function byGroupOrder(a: string, b: string) {
  return AMENITY_KEYS.indexOf(a as never) - AMENITY_KEYS.indexOf(b as never)
}

describe('normalizeText', () => {
  it.each([
    ['Tepoztlán, Morelos', 'tepoztlan, morelos'],
    ['  SAN CRISTÓBAL   de las Casas ', 'san cristobal de las casas'],
    ['Peña de Bernal', 'pena de bernal'],
    ['Mérida', 'merida'],
  ])('%s → %s', (text, normalized) => {
    expect(normalizeText(text)).toBe(normalized)
  })
})

describe('cabinPlace', () => {
  it('joins población and estado like the cards show them', () => {
    expect(cabinPlace({ population: 'Mazamitla', state: 'Jalisco' })).toBe('Mazamitla, Jalisco')
  })
})
