import { expect, type Locator, type Page, test } from '@playwright/test'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import { daysFromToday, listCabins, whenHydrated } from './helpers.ts'
import { must } from './must.ts'

type Located = { location: { population: string; state: string; latitude: number; longitude: number } }
type Result = Located & { _id: string; propertyDetails: { name: string } }

/**
 * The search of a destination where two cabins share a spot (the live map numbers their marker), and
 * its results as GET /cotizar/search answers them.
 */
async function searchWithSharedSpot(): Promise<{ path: string; results: Result[]; spots: number }> {
  const cabins = (await listCabins(baseUrl())) as unknown as Located[]
  const spot = ({ location }: Located) => `${location.latitude.toFixed(5)},${location.longitude.toFixed(5)}`
  const shared = cabins.find((cabin) => cabins.filter((other) => spot(other) === spot(cabin)).length > 1)
  if (!shared) throw new Error('no two cabins share a spot')
  const search = new URLSearchParams({
    location: `${shared.location.population}, ${shared.location.state}`,
    guests: '2',
    checkIn: daysFromToday(45),
    checkOut: daysFromToday(47),
  })
  const res = await fetch(`${baseUrl()}/cotizar/search?${search}`)
  const results = ((await res.json()) as { habitaciones: Result[] }).habitaciones
  if (results.length < 3) throw new Error(`too few results in ${shared.location.population}`)
  return { path: `/results?${search}`, results, spots: new Set(results.map(spot)).size }
}

const mapColumn = (page: Page) => page.getByRole('complementary', { name: 'Mapa de resultados' })

test.describe('the results map as HTML first', () => {
  test('shows the results on a picture of Mexico in the map column without JavaScript, at 1366 px', async ({
    browser,
  }) => {
    const { path, results } = await searchWithSharedSpot()
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1366, height: 768 },
      locale: 'es-MX',
    })
    const origin = new URL(baseUrl()).origin
    await context.route('**/*', (route) =>
      route.request().url().startsWith(origin) ? route.continue() : route.abort(),
    )
    const page = await context.newPage()
    await page.goto(`${baseUrl()}${path}`)

    // The column of the live map: the page's height under the 80 px header, beside the list.
    const column = must(await mapColumn(page).boundingBox(), 'the box of the map’s column')
    expect(column.height).toBeCloseTo(768 - 80, 0)
    expect(column.width).toBeGreaterThan(450)
    const picture = mapColumn(page).getByRole('img', { name: `Mapa de México con ${results.length} cabañas` })
    expect(await picture.isVisible()).toBe(true)
    expect(
      await picture.locator('img').evaluate(async (img: HTMLImageElement) => {
        await img.decode()
        return img.naturalWidth > 0
      }),
    ).toBe(true)
    // A dot per cabin, each inside the picture.
    const box = must(await picture.boundingBox(), 'the box of the picture')
    const dots = await picture.getByTestId('static-map-marker').all()
    expect(dots).toHaveLength(results.length)
    for (const dot of dots) {
      const { x, y } = must(await dot.boundingBox(), 'the box of a dot')
      expect(x).toBeGreaterThan(box.x)
      expect(x).toBeLessThan(box.x + box.width)
      expect(y).toBeGreaterThan(box.y)
      expect(y).toBeLessThan(box.y + box.height)
    }
    // The phone's map button is not drawn on a wide screen, even before the app runs.
    expect(await page.getByRole('button', { name: 'Mostrar mapa' }).isVisible()).toBe(false)
    await screenshot(page, 'html-first-results-map-no-js-desktop')
    await context.close()
  })

  test('replaces the picture with the live map in place once the app runs: CLS ≤ 0.05', async ({
    browser,
  }) => {
    const { path, spots } = await searchWithSharedSpot()
    const { context, page, pageErrors } = await openJourney(browser, { width: 1366, height: 768 })
    await context.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          hadRecentInput: boolean
        })[])
          if (!entry.hadRecentInput) shifts.push(entry.value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    const response = await page.goto(`${baseUrl()}${path}`)
    expect(await must(response, 'the response to the results page').text()).toContain(
      'data-testid="static-map-marker"',
    )

    await mapColumn(page).locator('.leaflet-container').waitFor()
    expect(await page.getByTestId('map-marker').count()).toBe(spots)
    expect(await page.getByTestId('static-map-marker').count()).toBe(0)
    const column = must(await mapColumn(page).boundingBox(), 'the box of the map’s column')
    const live = must(
      await mapColumn(page).locator('.leaflet-container').boundingBox(),
      'the box of the live map',
    )
    for (const side of ['x', 'y', 'width', 'height'] as const) expect(live[side]).toBeCloseTo(column[side], 0)
    const cls = await page.evaluate(() =>
      (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
    )
    expect(cls).toBeLessThanOrEqual(0.05)
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test("opens each marker's card on a tap on the phone's map, the shared spot's too, with 44 px targets", async ({
    browser,
  }) => {
    const { path, results, spots } = await searchWithSharedSpot()
    const { context, page, pageErrors } = await openJourney(browser, { width: 375, height: 740 })
    await page.goto(`${baseUrl()}${path}`)
    const toggle = page.getByRole('button', { name: 'Mostrar mapa' })
    await whenHydrated(toggle)
    await toggle.click()
    const markers = page.getByTestId('map-marker')
    await markers.first().waitFor()
    expect(await markers.count()).toBe(spots)
    await screenshot(page, 'html-first-results-map-phone')

    // Nothing covers a pill's centre: not the header, the zoom buttons, 'Mostrar lista' or another pill.
    for (let index = 0; index < spots; index++) {
      expect(await topmostMarkerAt(markers.nth(index), 0)).toBe(true)
    }
    for (let index = 0; index < spots; index++) {
      // A card pans the map: the map is drawn afresh (fitted to the markers) for each marker.
      if (index > 0) await redrawMap(page)
      const marker = markers.nth(index)
      await clickAt(page, marker, 0)
      await expectCardOf(page, await markerTitle(marker), results)
    }

    // A marker with no other pill nearby answers a tap 18 px above its centre: outside the 26 px pill,
    // inside its 44 px target.
    const alone = await isolatedMarker(page)
    expect(alone).not.toBeNull()
    await redrawMap(page)
    const marker = markers.nth(must(alone, 'a marker with no other pill nearby'))
    expect(await topmostMarkerAt(marker, -18)).toBe(true)
    await clickAt(page, marker, -18)
    await expectCardOf(page, await markerTitle(marker), results)
    await screenshot(page, 'html-first-results-map-phone-card')
    expect(pageErrors).toEqual([])
    await context.close()
  })
})

/** Whether a tap `dy` px below the pill's centre lands on this marker (its pill or its touch target). */
function topmostMarkerAt(marker: Locator, dy: number): Promise<boolean> {
  return marker.evaluate((pill, offset) => {
    const box = pill.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2 + offset)
    const spot = pill.parentElement?.style.transform
    return (
      hit !== null &&
      (pill.contains(hit) ||
        (hit.classList.contains('marker-target') && hit.parentElement?.style.transform === spot))
    )
  }, dy)
}

async function clickAt(page: Page, marker: Locator, dy: number) {
  const box = must(await marker.boundingBox(), 'the box of the marker')
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 + dy)
}

/** What the marker says it is: a cabin's name, or 'N cabañas en {población}'. */
async function markerTitle(marker: Locator): Promise<string> {
  return (await marker.evaluate((pill) => pill.closest('[title]')?.getAttribute('title'))) ?? ''
}

/** Back to the list and to the map again: a new live map, fitted to the markers. */
async function redrawMap(page: Page) {
  await page.getByRole('button', { name: 'Mostrar lista' }).click()
  await page.getByRole('button', { name: 'Mostrar mapa' }).click()
  await page.getByTestId('map-marker').first().waitFor()
}

/** The card a marker opens: its cabin, or the first of the cabins sharing its spot with a pager. */
async function expectCardOf(page: Page, title: string, results: Result[]) {
  const popup = page.locator('.leaflet-popup')
  await popup.waitFor()
  const text = await popup.innerText()
  const shared = /^(\d+) cabañas en /.exec(title)
  if (shared) {
    expect(text).toContain(`1 de ${shared[1]} cabañas aquí`)
  } else {
    expect(results.map((result) => result.propertyDetails.name)).toContain(title)
    expect(text).toContain(title)
  }
}

/** The index of a marker whose 44 px target no other pill overlaps, if any. */
function isolatedMarker(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const pills = [...document.querySelectorAll('[data-testid="map-marker"]')].map((pill) =>
      pill.getBoundingClientRect(),
    )
    const index = pills.findIndex((box, i) => {
      const cx = box.left + box.width / 2
      const cy = box.top + box.height / 2
      const target = {
        left: cx - Math.max(22, box.width / 2),
        right: cx + Math.max(22, box.width / 2),
        top: cy - 22,
        bottom: cy + 22,
      }
      return pills.every(
        (other, j) =>
          j === i ||
          other.right < target.left ||
          other.left > target.right ||
          other.bottom < target.top ||
          other.top > target.bottom,
      )
    })
    return index === -1 ? null : index
  })
}
