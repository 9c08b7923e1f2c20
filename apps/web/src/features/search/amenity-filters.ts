import type { AmenityKey } from '@cabanas/domain/catalog'

/** Spec §9: amenity toggles shown before 'Mostrar más'. */
export const AMENITIES_SHOWN_FIRST = 6

/** The amenities offered as filters, most wanted first. */
export const FILTER_AMENITIES: readonly AmenityKey[] = [
  'wifi',
  'petsAllowed',
  'pool',
  'fireplace',
  'jacuzzi',
  'freeParking',
  'kitchen',
  'airConditioning',
  'heating',
  'bbqGrill',
  'terrace',
  'firePit',
  'hotTub',
  'heatedPool',
  'washer',
  'workspace',
  'familyFriendly',
  'lakeView',
  'oceanView',
  'beachAccess',
  'forestView',
  'mountainView',
  'selfCheckIn',
  'evCharger',
]

/** The toggles to draw: the curated list, plus any other amenity the address already filters by. */
export function amenityOptions(selected: readonly AmenityKey[]): AmenityKey[] {
  return [...FILTER_AMENITIES, ...selected.filter((key) => !FILTER_AMENITIES.includes(key))]
}
