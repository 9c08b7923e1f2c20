import { describe, expect, it } from 'vitest'
import svg from '../../../public/maps/mexico.svg?raw'
import { must } from '../../test/must'
import { MEXICO_OUTLINE, projectOnOutline } from './mexico-outline'

type Point = [number, number]

/** The rings of one state's path in the shipped SVG (written as `M x y l dx dy … z`). */
function stateRings(id: string): Point[][] {
  const d = new RegExp(`<path id="${id}" d="([^"]+)"`).exec(svg)?.[1]
  if (!d) throw new Error(`no path for ${id}`)
  return d
    .split('z')
    .filter(Boolean)
    .map((part) => {
      const numbers = (part.match(/-?\d*\.?\d+/g) ?? []).map(Number)
      const ring: Point[] = [[must(numbers[0], 'numbers[0]'), must(numbers[1], 'numbers[1]')]]
      for (let i = 2; i < numbers.length; i += 2) {
        const [x, y] = must(ring.at(-1), 'ring.at(-1)')
        ring.push([x + must(numbers[i], 'numbers[i]'), y + must(numbers[i + 1], 'numbers[i + 1]')])
      }
      return ring
    })
}

function isInside([x, y]: Point, ring: readonly Point[]): boolean {
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = must(ring[i], 'ring[i]')
    const [xj, yj] = must(ring[j], 'ring[j]')
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

describe('the shipped outline of Mexico', () => {
  it('has the size and geographic box the code places things with', () => {
    expect(svg).toContain(`viewBox="0 0 ${MEXICO_OUTLINE.width} ${MEXICO_OUTLINE.height}"`)
    const { west, south, east, north } = MEXICO_OUTLINE
    expect(svg).toContain(`O ${west}, S ${south}, E ${east}, N ${north}`)
    expect(svg.match(/<path id="/g)).toHaveLength(32)
  })

  it('maps the country’s extreme coordinates to the corners of the image', () => {
    const { west, south, east, north, width, height } = MEXICO_OUTLINE
    expect(projectOnOutline(north, west)).toEqual({ x: 0, y: 0 })
    const corner = projectOnOutline(south, east)
    expect(corner.x).toBeCloseTo(width, 6)
    expect(corner.y).toBeCloseTo(height, 6)
  })

  it.each([
    ['Ciudad de México', 'cmx', 19.4326, -99.1332],
    ['Tlaxcala', 'tla', 19.318, -98.238],
    ['Aguascalientes', 'agu', 21.88, -102.29],
    ['Guadalajara', 'jal', 20.67, -103.35],
    ['Mérida', 'yuc', 20.97, -89.62],
    ['Tijuana', 'bcn', 32.51, -117.04],
    ['Bacalar', 'roo', 18.6463, -88.4114],
    ['San Cristóbal de las Casas', 'chp', 16.7372, -92.6346],
  ])('places %s inside its state (%s)', (_, state, latitude, longitude) => {
    const { x, y } = projectOnOutline(latitude, longitude)
    expect(stateRings(state).some((ring) => isInside([x, y], ring))).toBe(true)
  })
})
