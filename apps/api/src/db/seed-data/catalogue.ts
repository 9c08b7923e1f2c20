import type { AmenityKey } from '@cabanas/domain/catalog'
import { CARIBBEAN_CABINS } from './cabins-caribbean.ts'
import { CENTRAL_CABINS } from './cabins-central.ts'
import { HIDALGO_CABINS } from './cabins-hidalgo.ts'
import { MAZAMITLA_CABINS } from './cabins-mazamitla.ts'
import { NORTH_CABINS } from './cabins-north.ts'
import { PUEBLA_CABINS } from './cabins-puebla.ts'
import { SOUTHEAST_CABINS } from './cabins-southeast.ts'
import { TAPALPA_CABINS } from './cabins-tapalpa.ts'
import { VALLE_DE_BRAVO_CABINS } from './cabins-valle-de-bravo.ts'

/** The kind of landscape the demo illustrations of a cabin show. */
export type ImageTheme =
  | 'pine-forest'
  | 'mountain'
  | 'lake'
  | 'beach'
  | 'jungle'
  | 'canyon'
  | 'desert-hills'
  | 'colonial-town'
  | 'lagoon'

export type SeedSeason = { name: string; startsOn: string; endsOn: string; nightlyRate: number }

/** A demo cabin. Rates are IVA-included host rates in integer centavos. */
export type SeedCabin = {
  slug: string
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
  /** Sunday–Thursday night. */
  weekdayRate: number
  /** Friday and Saturday nights. */
  weekendRate: number
  minNights: number
  amenities: AmenityKey[]
  restrictions: string[]
  imageTheme: ImageTheme
  seasons: SeedSeason[]
}

/** The demo catalogue: 65 cabins in 16 destinations, deliberately uneven so destination rankings have no ties at the cut. */
export const SEED_CABINS: readonly SeedCabin[] = [
  ...MAZAMITLA_CABINS,
  ...TAPALPA_CABINS,
  ...VALLE_DE_BRAVO_CABINS,
  ...CENTRAL_CABINS,
  ...CARIBBEAN_CABINS,
  ...HIDALGO_CABINS,
  ...PUEBLA_CABINS,
  ...SOUTHEAST_CABINS,
  ...NORTH_CABINS,
]
