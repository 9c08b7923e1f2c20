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
    cancellationPolicy: row.cancellationPolicy,
    accommodationFeatures: features as Cabin['accommodationFeatures'],
  }
}

export function toCabinCard(row: CabinRow): CabinCard {
  const cabin = toCabinResponse(row)
  return {
    _id: cabin._id,
    location: cabin.location,
    propertyDetails: cabin.propertyDetails,
    additionalInfo: cabin.additionalInfo,
    others: cabin.others,
    precioCalculado: cabin.precioCalculado,
    images: cabin.images,
    restrictions: cabin.restrictions,
    cancellationPolicy: cabin.cancellationPolicy,
  }
}
