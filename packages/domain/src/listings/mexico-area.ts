import { numberAt, requireValue } from '../shared/require-value.ts'
import { OUTLINE_BOX, STATE_PATHS } from './generated/mexico-outline.ts'
import { findMexicoState } from './mexico-states.ts'

/*
 * Is a pin in Mexico, and in the state the host chose? Answered with the outline the product's map
 * draws (generated/mexico-outline.ts, from apps/web/public/maps/mexico.svg): a box check first, then
 * point-in-polygon. The outline is simplified (borders move by up to ~1.3 km, islets under ~9 km² are
 * left out), so a pin within PIN_TOLERANCE_KM of a state's outline counts as inside it: a cabin on the
 * beach, on Isla Mujeres or by a state line is accepted; a pin in the sea, in another state or abroad
 * is not. Zod-free; only the listing schemas and the editor import it.
 */

/** The box of the outline: the country's extreme coordinates (Guadalupe Island to Quintana Roo). */
export const MEXICO_BOUNDS = {
  west: OUTLINE_BOX.west,
  south: OUTLINE_BOX.south,
  east: OUTLINE_BOX.east,
  north: OUTLINE_BOX.north,
} as const

/** How far outside the drawn outline a pin may fall and still count as inside. */
export const PIN_TOLERANCE_KM = 8

/** One unit of the outline is ~4 km (792 units for 31.7° of longitude, at Mexico's latitudes). */
const KM_PER_UNIT = 4
const TOLERANCE_UNITS = PIN_TOLERANCE_KM / KM_PER_UNIT

type Ring = Float64Array // x0, y0, x1, y1, …
type Shape = { rings: Ring[]; minX: number; minY: number; maxX: number; maxY: number }

function parsePath(path: string): Ring[] {
  const tokens = path.match(/[MLmlZz]|-?\d*\.?\d+/g) ?? []
  const rings: Ring[] = []
  let points: number[] = []
  let relative = false
  let x = 0
  let y = 0
  for (let i = 0; i < tokens.length; ) {
    const token = requireValue(tokens[i], 'a token of the path')
    if (/[A-Za-z]/.test(token)) {
      if (token === 'z' || token === 'Z') {
        if (points.length >= 6) rings.push(Float64Array.from(points))
        points = []
      } else {
        relative = token === 'l' || token === 'm'
        if (token === 'M' || token === 'm') points = []
      }
      i += 1
      continue
    }
    const a = Number(token)
    const b = Number(tokens[i + 1])
    i += 2
    x = relative && points.length > 0 ? x + a : a
    y = relative && points.length > 0 ? y + b : b
    points.push(x, y)
  }
  if (points.length >= 6) rings.push(Float64Array.from(points))
  return rings
}

let shapes: Map<string, Shape> | null = null

function stateShapes(): Map<string, Shape> {
  if (shapes) return shapes
  shapes = new Map()
  for (const [id, path] of Object.entries(STATE_PATHS)) {
    const rings = parsePath(path)
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i += 2) {
        const x = numberAt(ring, i)
        const y = numberAt(ring, i + 1)
        minX = Math.min(minX, x)
        maxX = Math.max(maxX, x)
        minY = Math.min(minY, y)
        maxY = Math.max(maxY, y)
      }
    }
    shapes.set(id, { rings, minX, minY, maxX, maxY })
  }
  return shapes
}

function mercatorY(latitude: number): number {
  return Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360))
}

/** Where a coordinate falls on the outline, in its units. */
function project(latitude: number, longitude: number): { x: number; y: number } {
  const { west, east, north, south, width, height } = OUTLINE_BOX
  return {
    x: ((longitude - west) / (east - west)) * width,
    y: ((mercatorY(north) - mercatorY(latitude)) / (mercatorY(north) - mercatorY(south))) * height,
  }
}

function insideRing(ring: Ring, x: number, y: number): boolean {
  let inside = false
  const n = ring.length
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const xi = numberAt(ring, i)
    const yi = numberAt(ring, i + 1)
    const xj = numberAt(ring, j)
    const yj = numberAt(ring, j + 1)
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

function nearRing(ring: Ring, x: number, y: number, tolerance: number): boolean {
  const n = ring.length
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const ax = numberAt(ring, j)
    const ay = numberAt(ring, j + 1)
    const dx = numberAt(ring, i) - ax
    const dy = numberAt(ring, i + 1) - ay
    const lengthSquared = dx * dx + dy * dy
    const t =
      lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared))
    if (Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= tolerance) return true
  }
  return false
}

function inShape(shape: Shape, x: number, y: number): boolean {
  const t = TOLERANCE_UNITS
  if (x < shape.minX - t || x > shape.maxX + t || y < shape.minY - t || y > shape.maxY + t) return false
  // Even-odd over all rings: a state's islands are rings of their own, and none has holes.
  let inside = false
  for (const ring of shape.rings) if (insideRing(ring, x, y)) inside = !inside
  return inside || shape.rings.some((ring) => nearRing(ring, x, y, t))
}

function isCoordinate(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude)
}

/** Within the box of Mexico's extreme coordinates (a pin outside it is certainly not in Mexico). */
export function isWithinMexicoBounds(latitude: number, longitude: number): boolean {
  const { west, east, north, south } = MEXICO_BOUNDS
  const t = TOLERANCE_UNITS * 0.04 // degrees, generously
  return (
    isCoordinate(latitude, longitude) &&
    latitude >= south - t &&
    latitude <= north + t &&
    longitude >= west - t &&
    longitude <= east + t
  )
}

/** Is the pin on Mexican land (or within PIN_TOLERANCE_KM of its drawn outline)? */
export function isInMexico(latitude: number, longitude: number): boolean {
  if (!isWithinMexicoBounds(latitude, longitude)) return false
  const { x, y } = project(latitude, longitude)
  for (const shape of stateShapes().values()) if (inShape(shape, x, y)) return true
  return false
}

/** Is the pin in the state of INEGI key `stateCode` (or within PIN_TOLERANCE_KM of it)? */
export function isInMexicanState(stateCode: string, latitude: number, longitude: number): boolean {
  const state = findMexicoState(stateCode)
  if (!state || !isWithinMexicoBounds(latitude, longitude)) return false
  const shape = stateShapes().get(state.mapId)
  if (!shape) return false
  const { x, y } = project(latitude, longitude)
  return inShape(shape, x, y)
}
