import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildSearchResult } from '../../test/factories'
import { must } from '../../test/must'
import { OUTLINE_NOTICE } from '../maps/map-notice'
import { MEXICO_OUTLINE, projectOnOutline } from '../maps/mexico-outline'
import { FAILED_TILES_FOR_OUTLINE } from '../maps/tile-fallback'
import { ResultsMap } from './results-map'

function renderMap(results = [buildSearchResult({ latitude: 19.91, longitude: -103.02 })]) {
  return render(
    <div style={{ width: 800, height: 600 }}>
      <ResultsMap results={results} activeId={null} cabinHref={(id) => `/cabin/${id}`} isShown />
    </div>,
  )
}

/**
 * jsdom lays nothing out: every box measures 0 × 0, and Leaflet would ask for a single tile. Maps get
 * the size a browser would give them, so Leaflet asks for the tiles that cover it.
 */
function giveMapsASize(width: number, height: number) {
  const original = {
    clientWidth: must(
      Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
      "Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')",
    ),
    clientHeight: must(
      Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
      "Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')",
    ),
  }
  const sized = (name: keyof typeof original, value: number): PropertyDescriptor => ({
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('leaflet-container')
        ? value
        : must(original[name].get, 'original[name].get').call(this)
    },
  })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', sized('clientWidth', width))
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', sized('clientHeight', height))
  return () => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth')
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight')
  }
}

/** The tile images Leaflet asked for; the browser would fire `load` or `error` on each. */
async function findTiles(container: HTMLElement): Promise<HTMLImageElement[]> {
  await waitFor(() => expect(container.querySelectorAll('img.leaflet-tile').length).toBeGreaterThan(0))
  return [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')]
}

function outlineImage(container: HTMLElement): HTMLImageElement | null {
  return container.querySelector<HTMLImageElement>('.mexico-outline-pane img')
}

describe('ResultsMap', () => {
  let restoreSize = () => {}
  beforeEach(() => {
    restoreSize = giveMapsASize(800, 600)
  })
  afterEach(() => restoreSize())

  it("draws one marker per position with the stay's average per night, numbered where cabins share it", async () => {
    const results = [
      // $3,920 for 2 nights: the marker shows $1,960, not the weekday list price of $1,568.
      buildSearchResult({
        precioBaseFinal: 156_800,
        nights: 2,
        totalPrice: 392_000,
        latitude: 19.91,
        longitude: -103.02,
      }),
      buildSearchResult({ latitude: 20.21, longitude: -87.46 }),
      buildSearchResult({ latitude: 20.21, longitude: -87.46 }),
    ]
    renderMap(results)

    const markers = await screen.findAllByTestId('map-marker')
    expect(markers.map((marker) => [marker.textContent, marker.dataset.cabins])).toEqual([
      ['$1,960', '1'],
      ['2 cabañas', '2'],
    ])
    const total = markers.reduce((sum, marker) => sum + Number(marker.dataset.cabins), 0)
    expect(total).toBe(results.length)
    expect(screen.getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/copyright',
    )
  })

  it('shows the outline of Mexico and a notice when the tiles fail, and the markers still open their popup', async () => {
    const user = userEvent.setup()
    const result = buildSearchResult({ name: 'Cabaña El Ocote', latitude: 19.91, longitude: -103.02 })
    const { container } = renderMap([result])
    const tiles = await findTiles(container)
    // The live region is in place before anything goes wrong, so the notice is announced.
    const status = await screen.findByRole('status')
    expect(status.textContent).toBe('')
    expect(outlineImage(container)).not.toBeInTheDocument()

    // fireEvent: the browser fires an image's load/error, no user does (user-event has neither).
    for (const tile of tiles.slice(0, FAILED_TILES_FOR_OUTLINE)) fireEvent.error(tile)

    expect(await screen.findByText(OUTLINE_NOTICE)).toBeInTheDocument()
    expect(screen.getByRole('status').textContent).toBe(OUTLINE_NOTICE)
    expect(outlineImage(container)).toHaveAttribute('src', '/maps/mexico.svg')
    expect(screen.getByRole('link', { name: 'MapSVG' })).toBeInTheDocument()
    const map = must(
      container.querySelector<HTMLElement>('.leaflet-container'),
      "container.querySelector<HTMLElement>('.leaflet-container')",
    )
    expect(map.dataset.tiles).toBe('outline')
    // Zoomed no closer than the outline can show (the map had fitted the single cabin at 12).
    expect(screen.getByRole('button', { name: 'Zoom in' }).className).toContain('leaflet-disabled')

    await user.click(await screen.findByTestId('map-marker'))
    expect(await screen.findByText('Cabaña El Ocote')).toBeInTheDocument()
  })

  it("opens a marker's card from its wider touch target, which lies under every pill", async () => {
    const user = userEvent.setup()
    const result = buildSearchResult({ name: 'Cabaña El Ocote', latitude: 19.91, longitude: -103.02 })
    const { container } = renderMap([result])
    await screen.findByTestId('map-marker')
    const target = must(
      container.querySelector<HTMLElement>('.marker-target'),
      "container.querySelector<HTMLElement>('.marker-target')",
    )
    // Invisible, out of the keyboard's way, and in a pane below the markers' (600).
    expect(target).toHaveAttribute('aria-hidden', 'true')
    expect(target.parentElement).not.toHaveAttribute('tabindex')
    expect(
      must(
        target.closest<HTMLElement>('.leaflet-marker-targets-pane'),
        "target.closest<HTMLElement>('.leaflet-marker-targets-pane')",
      ).style.zIndex,
    ).toBe('550')

    await user.click(target)
    expect(await screen.findByText('Cabaña El Ocote')).toBeInTheDocument()
  })

  it('keeps the tiles, with no notice, while tiles load even if some fail', async () => {
    const { container } = renderMap()
    const tiles = await findTiles(container)
    expect(tiles.length).toBeGreaterThan(FAILED_TILES_FOR_OUTLINE)

    // fireEvent: the browser fires an image's load/error, no user does (user-event has neither).
    fireEvent.load(must(tiles[0], 'tiles[0]'))
    for (const tile of tiles.slice(1, FAILED_TILES_FOR_OUTLINE)) fireEvent.error(tile)
    fireEvent.load(must(tiles[FAILED_TILES_FOR_OUTLINE], 'tiles[FAILED_TILES_FOR_OUTLINE]'))

    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByText(OUTLINE_NOTICE)).not.toBeInTheDocument()
    expect(outlineImage(container)).not.toBeInTheDocument()
  })

  it('renders on the server as a picture of Mexico with a dot per cabin that has a place in it, without Leaflet', () => {
    const results = [
      buildSearchResult({ latitude: 19.91, longitude: -103.02 }),
      // Two cabins at the same spot: two dots (the live map numbers their shared marker).
      buildSearchResult({ latitude: 20.21, longitude: -87.46 }),
      buildSearchResult({ latitude: 20.21, longitude: -87.46 }),
      // A place outside the map (bad data): nothing to draw.
      buildSearchResult({ latitude: 40.4, longitude: -3.7 }),
    ]
    const host = document.createElement('div')
    host.innerHTML = renderToString(
      <ResultsMap results={results} activeId={null} cabinHref={(id) => `/cabin/${id}`} isShown />,
    )

    const picture = must(host.querySelector('[role="img"]'), 'host.querySelector(\'[role="img"]\')')
    expect(picture).toHaveAttribute('aria-label', 'Mapa de México con 3 cabañas')
    expect(picture.querySelector('img')).toHaveAttribute('src', '/maps/mexico.svg')
    const dots = [...picture.querySelectorAll<HTMLElement>('[data-testid="static-map-marker"]')]
    expect(dots).toHaveLength(3)
    // Each dot where its cabin is on the picture: Mazamitla in the west, Quintana Roo far east.
    const left = (dot: HTMLElement) =>
      Number.parseFloat(must(dot.parentElement, 'dot.parentElement').style.left)
    expect(left(must(dots[0], 'dots[0]'))).toBeCloseTo(
      (projectOnOutline(19.91, -103.02).x / MEXICO_OUTLINE.width) * 100,
      1,
    )
    expect(left(must(dots[1], 'dots[1]'))).toBeGreaterThan(90)
    // No spinner in the HTML: a reader without JavaScript sees a picture, not a map that never loads.
    expect(host.querySelector('[role="status"]')).not.toBeInTheDocument()
    expect(host.innerHTML).not.toContain('leaflet')
  })

  it('keeps the picture, without loading Leaflet, while the map is not on screen', async () => {
    const { container } = render(
      <ResultsMap
        results={[buildSearchResult()]}
        activeId={null}
        cabinHref={(id) => `/cabin/${id}`}
        isShown={false}
      />,
    )
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.getByRole('img', { name: 'Mapa de México con 1 cabaña' })).toBeInTheDocument()
    expect(container.querySelector('.leaflet-container')).not.toBeInTheDocument()
  })

  it('hydrates the server HTML without a mismatch, then draws the live map', async () => {
    const map = (
      <ResultsMap
        results={[buildSearchResult()]}
        activeId={null}
        cabinHref={(id) => `/cabin/${id}`}
        isShown
      />
    )
    const host = document.createElement('div')
    host.innerHTML = renderToString(map)
    document.body.append(host)
    const recoverableErrors: unknown[] = []

    const root = hydrateRoot(host, map, { onRecoverableError: (error) => recoverableErrors.push(error) })
    try {
      expect(host.querySelectorAll('[data-testid="static-map-marker"]')).toHaveLength(1)
      await screen.findByTestId('map-marker')
      expect(recoverableErrors).toEqual([])
      expect(host.querySelector('.leaflet-container')).toBeInTheDocument()
      // The live map replaced the picture in its box.
      await waitFor(() =>
        expect(host.querySelector('[data-testid="static-map-marker"]')).not.toBeInTheDocument(),
      )
      expect(screen.queryByRole('img', { name: /^Mapa de México/ })).not.toBeInTheDocument()
    } finally {
      act(() => root.unmount())
      host.remove()
    }
  })
})
