import type { Cabin } from '@cabanas/domain/catalog'
import { pluralize } from '../../lib/plural'

/** '4 huéspedes • 2 camas • 1 baño' */
export function describeCapacity(cabin: Pick<Cabin, 'propertyDetails' | 'additionalInfo'>): string {
  return [
    pluralize(cabin.propertyDetails.maxOccupancy, 'huésped', 'huéspedes'),
    pluralize(cabin.additionalInfo.nBeds, 'cama', 'camas'),
    pluralize(cabin.additionalInfo.nRestrooms, 'baño', 'baños'),
  ].join(' • ')
}

/** The first restriction, which makes a cabin unavailable; undefined when it has none. */
export function firstRestriction(cabin: Pick<Cabin, 'restrictions'>): string | undefined {
  return cabin.restrictions[0]?.message
}
