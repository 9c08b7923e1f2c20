export type Coordinates = { latitude: number; longitude: number }

const EARTH_RADIUS_KM = 6371

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(from: Coordinates, to: Coordinates): number {
  const dLat = toRadians(to.latitude - from.latitude)
  const dLng = toRadians(to.longitude - from.longitude)
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** 'Por la zona': how many destinations the nearby list shows. */
export const NEARBY_LIMIT = 6

/** The destinations closest to `from`, nearest first, each with its distance. */
export function nearestDestinations<T extends Coordinates>(
  destinations: readonly T[],
  from: Coordinates,
  limit = NEARBY_LIMIT,
): Array<{ destination: T; distanceKm: number }> {
  return destinations
    .map((destination) => ({ destination, distanceKm: distanceKm(from, destination) }))
    .sort((a, b) => a.distanceKm - b.distanceKm)
    .slice(0, limit)
}

/** Built on first use: the formatter's locale data costs a phone's first view for nothing. */
let kilometres: Intl.NumberFormat | undefined

/** 'A 35 km de ti', 'A menos de 1 km de ti'. */
export function formatDistance(km: number): string {
  if (km < 1) return 'A menos de 1 km de ti'
  kilometres ??= new Intl.NumberFormat('es-MX', { maximumFractionDigits: 0 })
  return `A ${kilometres.format(km)} km de ti`
}
