/**
 * The map of Mexico and its states shipped with the app (public/maps/mexico.svg, written by
 * apps/web/scripts/build-mexico-outline.mjs). It is drawn in Mercator, like Leaflet's maps: its box is
 * the country's extreme coordinates, so a stretched image between those corners lines up with tiles.
 */
export const MEXICO_OUTLINE = {
  url: '/maps/mexico.svg',
  /** The SVG's viewBox size, in its own units. */
  width: 791.9,
  height: 496.9,
  west: -118.407656,
  south: 14.532098,
  east: -86.708271,
  north: 32.718654,
  attribution:
    'Contornos: <a href="https://mapsvg.com/maps/mexico">MapSVG</a>, <a href="https://creativecommons.org/licenses/by/4.0/deed.es">CC BY 4.0</a>',
} as const

function mercatorY(latitude: number): number {
  return Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360))
}

/** Where a place falls on the outline, in the SVG's units from its top-left corner. */
export function projectOnOutline(latitude: number, longitude: number): { x: number; y: number } {
  const { west, east, north, south, width, height } = MEXICO_OUTLINE
  return {
    x: ((longitude - west) / (east - west)) * width,
    y: ((mercatorY(north) - mercatorY(latitude)) / (mercatorY(north) - mercatorY(south))) * height,
  }
}
