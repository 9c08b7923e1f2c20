import { type Cabin, type CabinCard, FEATURE_GROUPS } from '@cabanas/domain/catalog'
import { listPricesFor } from '@cabanas/domain/quotes'
import type { CabinRow } from './catalog.queries.ts'

/** A cabin row in the spec §3 shape. */
export function toCabinResponse(row: CabinRow): Cabin {
  const prices = listPricesFor(row)
  const features = Object.fromEntries(FEATURE_GROUPS.map((group) => [group, row.features[group] ?? {}]))
  return {
    _id: row.id,
    location: {
      population: row.population,
      state: row.state,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    propertyDetails: {
      name: row.name,
      accomodationType: row.accommodationType,
      minOccupancy: row.minOccupancy,
      maxOccupancy: row.maxOccupancy,
    },
    accomodationDescription: row.description,
    additionalInfo: { nBedrooms: row.bedrooms, nBeds: row.beds, nRestrooms: row.bathrooms },
    others: { basePrice2nights: prices.basePrice2nights, baseCost: prices.baseCost },
    precioCalculado: { precioBaseFinal: prices.precioBaseFinal, comisionServicio: prices.comisionServicio },
    rates: { weekdayRate: row.weekdayRate, weekendRate: row.weekendRate, minNights: row.minNights },
    images: row.images,
    files: [],
    restrictions: row.restrictions,
    accommodationFeatures: features as Cabin['accommodationFeatures'],
  }
}

export function toCabinCard(row: CabinRow): CabinCard {
  const { _id, location, propertyDetails, additionalInfo, others, precioCalculado, images, restrictions } =
    toCabinResponse(row)
  return { _id, location, propertyDetails, additionalInfo, others, precioCalculado, images, restrictions }
}
