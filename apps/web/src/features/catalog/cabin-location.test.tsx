import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { must } from '../../test/must'
import { MEXICO_OUTLINE, projectOnOutline } from '../maps/mexico-outline'
import { CabinLocation } from './cabin-location'

describe('CabinLocation', () => {
  it("serves Mexico's outline with the cabin marked, readable without JavaScript and without Leaflet", () => {
    const host = document.createElement('div')
    host.innerHTML = renderToString(
      <CabinLocation latitude={18.6463} longitude={-88.4114} place="Bacalar, Quintana Roo" />,
    )

    const map = must(host.querySelector('[role="img"]'), 'the map')
    expect(map).toHaveAttribute(
      'aria-label',
      'Mapa de México con la ubicación de la cabaña: Bacalar, Quintana Roo',
    )
    const image = must(map.querySelector('img'), 'the outline of Mexico')
    expect(image).toHaveAttribute('src', MEXICO_OUTLINE.url)
    expect(image).toHaveAttribute('loading', 'lazy')
    // The pin sits where Bacalar is on the image: far east and south, in Quintana Roo.
    const pin = must(map.querySelector<HTMLElement>('img + div'), 'the pin')
    const { x, y } = projectOnOutline(18.6463, -88.4114)
    expect(Number.parseFloat(pin.style.left)).toBeCloseTo((x / MEXICO_OUTLINE.width) * 100, 1)
    expect(Number.parseFloat(pin.style.top)).toBeCloseTo((y / MEXICO_OUTLINE.height) * 100, 1)
    expect(Number.parseFloat(pin.style.left)).toBeGreaterThan(90)
    expect(host.innerHTML).not.toContain('leaflet')
    // The box has a fixed height from the start: the live map replaces the outline without a shift.
    expect(map.closest('.h-72')).not.toBeNull()
  })
})
