import { parseSearchQuery, SearchResponseSchema } from '@cabanas/domain/search'
import { describe, expect, it } from 'vitest'
import { type IndexedCabin, renderSearchResponseJson, SearchIndex, toSearchResult } from './search-index.ts'

function cabin(id: string, overrides: Partial<IndexedCabin> = {}): IndexedCabin {
  const card = {
    _id: id,
    location: { population: 'Tapalpa', state: 'Jalisco', latitude: 19.94, longitude: -103.76 },
    propertyDetails: { name: `Cabaña ${id}`, accomodationType: 'Cabaña', minOccupancy: 1, maxOccupancy: 4 },
    additionalInfo: { nBedrooms: 1, nBeds: 2, nRestrooms: 1 },
    others: { basePrice2nights: 3_360_00, baseCost: 1_500_00 },
    precioCalculado: { precioBaseFinal: 1_680_00, comisionServicio: 180_00 },
    images: [{ url: '/a.webp', preview: '/a-card.webp', alt: 'Exterior "con" comillas' }],
    restrictions: [],
  }
  return {
    id,
    placeKeys: ['tapalpa, jalisco', 'tapalpa', 'jalisco'],
    minOccupancy: 1,
    maxOccupancy: 4,
    minNights: 1,
    bedrooms: 1,
    beds: 2,
    bathrooms: 1,
    amenities: new Set(['wifi']),
    restricted: false,
    weekdayRate: 1_500_00,
    weekendRate: 1_800_00,
    seasons: [],
    card,
    privateBathroom: true,
    resultJsonPrefix: JSON.stringify({ ...card, privateBathroom: true }).slice(0, -1),
    ...overrides,
  }
}

const query = (checkIn: string, checkOut: string) =>
  parseSearchQuery({ location: 'Tapalpa', checkIn, checkOut, guests: '2' }, { today: '2026-06-01' })

describe('SearchIndex', () => {
  it('holds the nights of live reservations and releases them when they stop being live', () => {
    const index = new SearchIndex()
    index.upsertCabin(cabin('a'))
    index.applyReservation({
      id: 'r1',
      cabinId: 'a',
      checkIn: '2026-07-02',
      checkOut: '2026-07-04',
      live: true,
    })
    expect(index.search(query('2026-07-01', '2026-07-03'), 10)).toEqual([])
    expect(index.search(query('2026-07-04', '2026-07-06'), 10)).toHaveLength(1)
    index.applyReservation({
      id: 'r1',
      cabinId: 'a',
      checkIn: '2026-07-02',
      checkOut: '2026-07-04',
      live: false,
    })
    expect(index.search(query('2026-07-01', '2026-07-03'), 10)).toHaveLength(1)
  })

  it('moves a reservation whose dates change', () => {
    const index = new SearchIndex()
    index.upsertCabin(cabin('a'))
    index.applyReservation({
      id: 'r1',
      cabinId: 'a',
      checkIn: '2026-07-02',
      checkOut: '2026-07-04',
      live: true,
    })
    index.applyReservation({
      id: 'r1',
      cabinId: 'a',
      checkIn: '2026-08-02',
      checkOut: '2026-08-04',
      live: true,
    })
    expect(index.search(query('2026-07-01', '2026-07-03'), 10)).toHaveLength(1)
    expect(index.search(query('2026-08-03', '2026-08-05'), 10)).toEqual([])
  })

  it('moves a cabin whose destination changes', () => {
    const index = new SearchIndex()
    index.upsertCabin(cabin('a'))
    index.upsertCabin(cabin('a', { placeKeys: ['creel, chihuahua', 'creel', 'chihuahua'] }))
    expect(index.search(query('2026-07-01', '2026-07-03'), 10)).toEqual([])
    expect(index.size).toBe(1)
  })

  it('renders the same JSON as serializing the result objects', () => {
    const index = new SearchIndex()
    index.upsertCabin(cabin('a'))
    index.upsertCabin(cabin('b', { weekdayRate: 900_00 }))
    const hits = index.search(query('2026-07-01', '2026-07-03'), 10)
    const json = renderSearchResponseJson(hits, 2)
    const expected = { success: true, habitaciones: hits.map(toSearchResult), total: 2, nights: 2 }
    expect(JSON.parse(json)).toEqual(expected)
    expect(SearchResponseSchema.parse(JSON.parse(json)).habitaciones.map((h) => h._id)).toEqual(['b', 'a'])
  })
})
