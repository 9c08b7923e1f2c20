import {
  CAROUSEL_SIZE,
  type Cabin,
  type CabinCard,
  DESTINATION_PAGE_SIZE,
  type DestinationPage,
  type DestinationsResponse,
  destinationSlug,
} from '@cabanas/domain/catalog'
import { listPricesFor } from '@cabanas/domain/quotes'
import type { Database } from '../../db/client.ts'
import {
  type DestinationRow,
  findCabin,
  listCarouselCabins,
  listDestinationCabins,
  listDestinations,
} from './catalog.queries.ts'
import { toCabinCard, toCabinResponse } from './catalog.serialize.ts'

/**
 * The bodies of the catalogue's read routes, shared by the JSON routes and the server-rendered pages
 * (features/pages), so both say exactly the same thing.
 */

export async function cabinResponse(db: Database, id: string): Promise<Cabin | null> {
  const row = await findCabin(db, id)
  return row ? toCabinResponse(row) : null
}

const fromPriceOf = (minWeekdayRate: number | null) =>
  minWeekdayRate === null
    ? null
    : listPricesFor({ weekdayRate: minWeekdayRate, weekendRate: minWeekdayRate }).precioBaseFinal

const placeKey = (d: { population: string; state: string }) => `${d.population}\u0000${d.state}`

/** The home page in one small request: destinations by size, each with its carousel. */
export async function destinationsResponse(db: Database): Promise<DestinationsResponse> {
  const [destinations, carouselRows] = await Promise.all([
    listDestinations(db),
    listCarouselCabins(db, CAROUSEL_SIZE),
  ])
  const cardsByPlace = new Map<string, CabinCard[]>()
  for (const row of carouselRows) {
    const key = placeKey(row)
    cardsByPlace.set(key, [...(cardsByPlace.get(key) ?? []), toCabinCard(row)])
  }
  return {
    destinations: destinations.map((d) => ({
      population: d.population,
      state: d.state,
      count: d.count,
      fromPrice: fromPriceOf(d.minWeekdayRate),
      latitude: d.latitude,
      longitude: d.longitude,
      cabins: cardsByPlace.get(placeKey(d)) ?? [],
    })),
  }
}

const NEARBY_DESTINATIONS = 6

/** Squared distance in degrees, good enough to order neighbours within Mexico. */
const distance = (a: DestinationRow, b: DestinationRow) =>
  (a.latitude - b.latitude) ** 2 + ((a.longitude - b.longitude) * Math.cos((a.latitude * Math.PI) / 180)) ** 2

/** A destination's landing page (/destinos/{slug}), or null when no destination has that slug. */
export async function destinationPageResponse(db: Database, slug: string): Promise<DestinationPage | null> {
  const destinations = await listDestinations(db)
  const found = destinations.find((d) => destinationSlug(d.population, d.state) === slug)
  if (!found) return null
  const rows = await listDestinationCabins(db, found, DESTINATION_PAGE_SIZE)
  const nearby = destinations
    .filter((d) => d !== found)
    .sort((a, b) => distance(found, a) - distance(found, b))
    .slice(0, NEARBY_DESTINATIONS)
  return {
    destination: {
      population: found.population,
      state: found.state,
      slug,
      count: found.count,
      fromPrice: fromPriceOf(found.minWeekdayRate),
      latitude: found.latitude,
      longitude: found.longitude,
    },
    cabins: rows.map(toCabinCard),
    nearby: nearby.map((d) => ({
      population: d.population,
      state: d.state,
      slug: destinationSlug(d.population, d.state),
      count: d.count,
    })),
  }
}
