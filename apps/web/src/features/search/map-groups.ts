export type Located = { location: { latitude: number; longitude: number } }

/** Cabins that share a map position: one marker, numbered when it holds several (spec §2). */
export type MarkerGroup<T extends Located> = {
  key: string
  latitude: number
  longitude: number
  items: T[]
}

/** Five decimals is about a metre: cabins closer than that share a marker. */
const PRECISION = 5

/** Groups items by their coordinates, keeping the order in which each position first appears. */
export function groupByCoordinates<T extends Located>(items: readonly T[]): MarkerGroup<T>[] {
  const groups = new Map<string, MarkerGroup<T>>()
  for (const item of items) {
    const latitude = Number(item.location.latitude.toFixed(PRECISION))
    const longitude = Number(item.location.longitude.toFixed(PRECISION))
    const key = `${latitude},${longitude}`
    const group = groups.get(key)
    if (group) group.items.push(item)
    else groups.set(key, { key, latitude, longitude, items: [item] })
  }
  return [...groups.values()]
}

/** Google Maps driving directions to a point, opened in a new tab from the popup. */
export function drivingRouteUrl({ latitude, longitude }: { latitude: number; longitude: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${latitude},${longitude}&travelmode=driving`
}
