/**
 * Writes apps/web/public/maps/mexico.svg, the map of Mexico and its 32 states that the app shows when
 * the tile server cannot be reached, and under the cabin page's map before it loads.
 *
 * Source: @svg-maps/mexico 2.0.0 (MapSVG's map of Mexico, CC BY 4.0). Its paths are in Mercator,
 * stretched so that the paths' bounding box is the country's extreme coordinates (checked against
 * cities and coast points: every state capital falls inside its state, the coast within ~1 unit).
 * Changes made here: tiny islets dropped, lines simplified (Douglas–Peucker), coordinates rounded to
 * 0.1 unit and moved so the box starts at 0 0, one style for the country outline and the state lines.
 *
 *   node apps/web/scripts/build-mexico-outline.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/** Must match MEXICO_OUTLINE in src/features/maps/mexico-outline.ts (a test compares them). */
const BOUNDS = { west: -118.407656, south: 14.532098, east: -86.708271, north: 32.718654 }
/** Units; a state border may move by up to this much (0.3 of 792 across the country ≈ 1.3 km). */
const TOLERANCE = 0.3
/** Islets smaller than this (square units) are left out. */
const MIN_AREA = 0.5

const require = createRequire(import.meta.url)
const source = readFileSync(require.resolve('@svg-maps/mexico/index.js'), 'utf8')
const map = JSON.parse(source.replace(/^export default /, '').replace(/;?\s*$/, ''))

/** Absolute rings of a path written with m, M, l and z only (as this package's are). */
function pathRings(path) {
  const tokens = path.match(/[mMlLzZ]|-?\d*\.?\d+(?:e-?\d+)?/g) ?? []
  const rings = []
  let ring = null
  let command = ''
  let x = 0
  let y = 0
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i]
    if (/[a-zA-Z]/.test(token)) {
      command = token
      i += 1
      if (command === 'z' || command === 'Z') {
        if (ring) rings.push(ring)
        if (ring) [x, y] = ring[0]
        ring = null
      }
      continue
    }
    const a = Number(tokens[i])
    const b = Number(tokens[i + 1])
    i += 2
    const isRelative = command === 'm' || command === 'l'
    x = isRelative ? x + a : a
    y = isRelative ? y + b : b
    if (command === 'm' || command === 'M') {
      if (ring) rings.push(ring)
      ring = [[x, y]]
      command = command === 'm' ? 'l' : 'L'
    } else if (command === 'l' || command === 'L') {
      ring.push([x, y])
    } else {
      throw new Error(`unexpected path command ${command}`)
    }
  }
  if (ring) rings.push(ring)
  return rings
}

function ringArea(ring) {
  let sum = 0
  for (let i = 0; i < ring.length; i += 1) {
    const [x1, y1] = ring[i]
    const [x2, y2] = ring[(i + 1) % ring.length]
    sum += x1 * y2 - x2 * y1
  }
  return Math.abs(sum / 2)
}

/** Douglas–Peucker on a closed ring (its first point is kept). */
function simplifyRing(points, tolerance) {
  if (points.length < 4) return points
  const closed = [...points, points[0]]
  const keep = new Uint8Array(closed.length)
  keep[0] = 1
  keep[closed.length - 1] = 1
  const stack = [[0, closed.length - 1]]
  while (stack.length > 0) {
    const [from, to] = stack.pop()
    const [ax, ay] = closed[from]
    const [bx, by] = closed[to]
    const dx = bx - ax
    const dy = by - ay
    const length = Math.hypot(dx, dy)
    let farthest = -1
    let distance = 0
    for (let i = from + 1; i < to; i += 1) {
      const [px, py] = closed[i]
      const d =
        length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length
      if (d > distance) {
        distance = d
        farthest = i
      }
    }
    if (distance > tolerance) {
      keep[farthest] = 1
      stack.push([from, farthest], [farthest, to])
    }
  }
  return closed.slice(0, -1).filter((_, i) => keep[i])
}

const states = map.locations.map((location) => ({ id: location.id, rings: pathRings(location.path) }))
let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity]
for (const state of states) {
  for (const ring of state.rings) {
    for (const [x, y] of ring) {
      minX = Math.min(minX, x)
      minY = Math.min(minY, y)
      maxX = Math.max(maxX, x)
      maxY = Math.max(maxY, y)
    }
  }
}

/** Tenths of a unit, from the box's corner. */
const tenths = (value, origin) => Math.round((value - origin) * 10)
const number = (value) => (value / 10).toString().replace(/^(-?)0\./, '$1.')

/** Relative moves in tenths, so rounding never drifts along a border. */
function ringPath(ring) {
  const points = ring.map(([x, y]) => [tenths(x, minX), tenths(y, minY)])
  let path = `M${number(points[0][0])} ${number(points[0][1])}l`
  for (let i = 1; i < points.length; i += 1) {
    const dx = points[i][0] - points[i - 1][0]
    const dy = points[i][1] - points[i - 1][1]
    if (dx === 0 && dy === 0) continue
    const first = number(dx)
    const second = number(dy)
    path += `${i === 1 || first.startsWith('-') ? '' : ' '}${first}${second.startsWith('-') ? '' : ' '}${second}`
  }
  return `${path}z`
}

let pointCount = 0
const paths = states.map((state) => {
  const rings = state.rings
    .filter((ring) => ringArea(ring) >= MIN_AREA)
    .map((ring) => simplifyRing(ring, TOLERANCE))
  pointCount += rings.reduce((sum, ring) => sum + ring.length, 0)
  return `<path id="${state.id}" d="${rings.map(ringPath).join('')}"/>`
})

const width = number(tenths(maxX, minX))
const height = number(tenths(maxY, minY))
// The states are drawn twice from one definition: first with a wide dark line (only its outer half
// shows: the country's outline), then filled with thin light lines between states.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<title>México y sus estados</title>
<!-- México y sus estados. Mapa: MapSVG (mapsvg.com), CC BY 4.0 (creativecommons.org/licenses/by/4.0/), vía @svg-maps/mexico 2.0.0; simplificado. Límites: O ${BOUNDS.west}, S ${BOUNDS.south}, E ${BOUNDS.east}, N ${BOUNDS.north} (Mercator). -->
<style>use,path{stroke-linejoin:round;vector-effect:non-scaling-stroke}.outline{fill:none;stroke:#78716c;stroke-width:2.5px}.states{fill:#fafaf9;stroke:#c9c3bd;stroke-width:.8px}</style>
<defs><g id="mx">${paths.join('')}</g></defs>
<use href="#mx" class="outline"/><use href="#mx" class="states"/>
</svg>
`

const target = new URL('../public/maps/mexico.svg', import.meta.url)
writeFileSync(target, svg)
console.log(
  `${target.pathname}: ${states.length} states, ${pointCount} points, ${svg.length} bytes, box ${width}×${height}`,
)
