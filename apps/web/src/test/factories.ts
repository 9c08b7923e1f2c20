import type { Cabin, CabinCard, CabinList, Destination } from '@cabanas/domain/catalog'
import { featuresFromAmenities } from '@cabanas/domain/catalog'
import { averageNightlyPrice } from '@cabanas/domain/quotes'
import type { SearchResponse, SearchResult } from '@cabanas/domain/search'

let sequence = 0

type CabinOverrides = {
  name?: string
  population?: string
  state?: string
  maxOccupancy?: number
  nBeds?: number
  nRestrooms?: number
  precioBaseFinal?: number
  restrictions?: string[]
  images?: Cabin['images']
  cancellationPolicy?: Cabin['cancellationPolicy']
}

/** A valid cabin as the API returns it; override only what the test is about. */
export function buildCabin(overrides: CabinOverrides = {}): Cabin {
  sequence += 1
  const id = `cabin-${sequence}`
  const slug = `cabana-${sequence}`
  const precioBaseFinal = overrides.precioBaseFinal ?? 168_000
  return {
    _id: id,
    location: {
      population: overrides.population ?? 'Mazamitla',
      state: overrides.state ?? 'Jalisco',
      latitude: 19.915,
      longitude: -103.02,
    },
    propertyDetails: {
      name: overrides.name ?? `Cabaña del Bosque ${sequence}`,
      accomodationType: 'Cabaña',
      minOccupancy: 1,
      maxOccupancy: overrides.maxOccupancy ?? 4,
    },
    accomodationDescription: 'Cabaña de madera rodeada de pinos, con chimenea y terraza.',
    additionalInfo: { nBedrooms: 2, nBeds: overrides.nBeds ?? 2, nRestrooms: overrides.nRestrooms ?? 1 },
    others: { basePrice2nights: 336_000, baseCost: 150_000 },
    precioCalculado: { precioBaseFinal, comisionServicio: 18_000 },
    rates: { weekdayRate: 150_000, weekendRate: 190_000, minNights: 1 },
    images: overrides.images ?? [
      {
        url: `/media/cabins/${slug}/1.webp`,
        preview: `/media/cabins/${slug}/1-card.webp`,
        alt: `Fachada de ${overrides.name ?? 'la cabaña'}`,
      },
    ],
    files: [],
    restrictions: (overrides.restrictions ?? []).map((message) => ({ message })),
    cancellationPolicy: overrides.cancellationPolicy ?? 'non_refundable',
    accommodationFeatures: featuresFromAmenities(['wifi', 'freeParking']),
  }
}

export function buildCabinList(cabins: Cabin[]): CabinList {
  return { habitaciones: cabins, total: cabins.length, limit: 100, offset: 0 }
}

type CardOverrides = CabinOverrides & { latitude?: number; longitude?: number }

/** A cabin as cards receive it (GET /api/destinations, search results). */
export function buildCabinCard(overrides: CardOverrides = {}): CabinCard {
  const { accomodationDescription, rates, files, accommodationFeatures, ...card } = buildCabin(overrides)
  return {
    ...card,
    location: {
      ...card.location,
      latitude: overrides.latitude ?? card.location.latitude,
      longitude: overrides.longitude ?? card.location.longitude,
    },
  }
}

type DestinationOverrides = {
  population?: string
  state?: string
  count?: number
  fromPrice?: number | null
  cabins?: CabinCard[]
}

export function buildDestination(overrides: DestinationOverrides = {}): Destination {
  const population = overrides.population ?? 'Mazamitla'
  const state = overrides.state ?? 'Jalisco'
  const cabins = overrides.cabins ?? [buildCabinCard({ population, state })]
  return {
    population,
    state,
    count: overrides.count ?? cabins.length,
    fromPrice: overrides.fromPrice === undefined ? 168_000 : overrides.fromPrice,
    latitude: 19.915,
    longitude: -103.02,
    cabins,
  }
}

type ResultOverrides = CardOverrides & { nights?: number; totalPrice?: number; privateBathroom?: boolean }

/** One result of GET /cotizar/search. */
export function buildSearchResult(overrides: ResultOverrides = {}): SearchResult {
  const nights = overrides.nights ?? 2
  const totalPrice = overrides.totalPrice ?? 336_000
  return {
    ...buildCabinCard(overrides),
    privateBathroom: overrides.privateBathroom ?? true,
    stay: {
      nights,
      totalPrice,
      pricePerNight: averageNightlyPrice(totalPrice, nights),
      serviceCommission: Math.round(totalPrice * 0.107),
    },
  }
}

export function buildSearchResponse(results: SearchResult[]): SearchResponse {
  return { success: true, habitaciones: results, total: results.length, nights: results[0]?.stay.nights ?? 2 }
}
