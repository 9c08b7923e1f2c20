import { type AccommodationFeatures, AMENITY_LABELS, FEATURE_GROUPS } from '../catalog/amenities.ts'
import type { CabinImage } from '../catalog/cabin.ts'
import type { CancellationPolicyKey } from '../catalog/cancellation-policy.ts'
import type { SeasonRate } from '../quotes/pricing.ts'
import type { Centavos } from '../shared/money.ts'
import type { Listing } from './listing-schemas.ts'
import { findMexicoState } from './mexico-states.ts'
import { findMunicipality } from './municipalities.ts'

/**
 * The columns of a `cabins` row that cards, the cabin page, the quote, search and the map read
 * (apps/api/src/features/catalog/catalog.queries.ts `cabinColumns`, without the id), as a listing
 * produces them. The API writes this object; nothing else is needed to show and book the cabin.
 */
export type ListingCabinRow = {
  name: string
  accommodationType: string
  description: string
  population: string
  state: string
  latitude: number
  longitude: number
  minOccupancy: number
  maxOccupancy: number
  bedrooms: number
  beds: number
  bathrooms: number
  weekdayRate: Centavos
  weekendRate: Centavos
  minNights: number
  images: CabinImage[]
  restrictions: { message: string }[]
  features: AccommodationFeatures
  cancellationPolicy: CancellationPolicyKey
}

/** The row's column names, in `cabinColumns` order (a test keeps the two lists equal). */
export const LISTING_CABIN_COLUMNS = [
  'name',
  'accommodationType',
  'description',
  'population',
  'state',
  'latitude',
  'longitude',
  'minOccupancy',
  'maxOccupancy',
  'bedrooms',
  'beds',
  'bathrooms',
  'weekdayRate',
  'weekendRate',
  'minNights',
  'images',
  'restrictions',
  'features',
  'cancellationPolicy',
] as const satisfies readonly (keyof ListingCabinRow)[]

/** Where a stored photo is served: the full-size `url` and the card-size `preview`. */
export type PhotoSources = (photoId: string) => { url: string; preview: string }

/** The eight groups with every feature the spec defines, true or false, from the steps that own them. */
export function listingFeatures(listing: Listing): AccommodationFeatures {
  const owned: Record<string, boolean> = {
    privateBathroom: listing.capacity.bathroomPrivacy === 'private',
    sharedBathroom: listing.capacity.bathroomPrivacy === 'shared',
    petsAllowed: listing.rules.petsAllowed,
    smokingAllowed: listing.rules.smokingAllowed,
    eventsAllowed: listing.rules.eventsAllowed,
  }
  const groups = {} as AccommodationFeatures
  for (const group of FEATURE_GROUPS) {
    const chosen = listing.amenities[group] ?? {}
    groups[group] = Object.fromEntries(
      Object.keys(AMENITY_LABELS[group]).map((key) => [key, owned[key] ?? chosen[key] === true]),
    )
  }
  return groups
}

/**
 * A complete listing (ListingSchema's output) as the cabin row and seasons the API writes. Pure: the
 * photos' URLs come from `photoSources`, since where photos are stored is the API's business. The
 * private address is not part of it.
 */
export function listingToCabin(
  listing: Listing,
  { photoSources }: { photoSources: PhotoSources },
): { cabin: ListingCabinRow; seasons: SeasonRate[] } {
  const { location, capacity, description, prices, rules } = listing
  const state = findMexicoState(location.stateCode)
  const municipality = findMunicipality(location.municipalityCode)
  if (!state || !municipality) throw new RangeError('The listing was not parsed by ListingSchema')
  const photos = listing.photos.photos
  const cabin: ListingCabinRow = {
    name: description.title,
    accommodationType: listing.type.accommodationType,
    description: description.description,
    population: location.locality || municipality.name,
    state: state.name,
    latitude: location.pin.latitude,
    longitude: location.pin.longitude,
    minOccupancy: capacity.minGuests,
    maxOccupancy: capacity.maxGuests,
    bedrooms: capacity.bedrooms,
    beds: capacity.beds,
    bathrooms: capacity.bathrooms,
    weekdayRate: prices.weekdayRate,
    weekendRate: prices.weekendRate,
    minNights: rules.minNights,
    images: photos.map((photo, index) => ({
      ...photoSources(photo.id),
      alt: photo.alt || `${description.title}, foto ${index + 1} de ${photos.length}`,
    })),
    restrictions: (rules.restrictions ?? []).map((message) => ({ message })),
    features: listingFeatures(listing),
    cancellationPolicy: listing.cancellation.policy,
  }
  const seasons = [...(prices.seasons ?? [])]
    .sort((a, b) => (a.startsOn < b.startsOn ? -1 : a.startsOn > b.startsOn ? 1 : 0))
    .map(({ name, startsOn, endsOn, nightlyRate }) => ({ name, startsOn, endsOn, nightlyRate }))
  return { cabin, seasons }
}
