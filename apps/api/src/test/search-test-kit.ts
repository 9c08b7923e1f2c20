import { parseSearchQuery, type SearchQuery } from '@cabanas/domain/search'
import type { IndexedCabin } from '../features/search/search-index.ts'
import { searchCardOf } from '../features/search/search-results.ts'

/** A cabin in Tapalpa as the search index holds it: 1–4 guests, $1,500 a weeknight, $1,800 a weekend night. */
export function cabin(
  id: string,
  overrides: Partial<IndexedCabin> = {},
  name = `Cabaña ${id}`,
): IndexedCabin {
  const card = {
    _id: id,
    location: { population: 'Tapalpa', state: 'Jalisco', latitude: 19.94, longitude: -103.76 },
    propertyDetails: { name, accomodationType: 'Cabaña', minOccupancy: 1, maxOccupancy: 4 },
    additionalInfo: { nBedrooms: 1, nBeds: 2, nRestrooms: 1 },
    others: { basePrice2nights: 3_360_00, baseCost: 1_500_00 },
    precioCalculado: { precioBaseFinal: 1_680_00, comisionServicio: 180_00 },
    images: [{ url: '/a.webp', preview: '/a-card.webp', alt: 'Exterior "con" comillas' }],
    restrictions: [],
    cancellationPolicy: 'non_refundable' as const,
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
    nightRates: [],
    restrictions: [],
    result: searchCardOf(card, true),
    ...overrides,
  }
}

/** A search in Tapalpa for two guests, today being 2026-06-01. */
export function query(checkIn: string, checkOut: string): SearchQuery {
  return parseSearchQuery({ location: 'Tapalpa', checkIn, checkOut, guests: '2' }, { today: '2026-06-01' })
}
