import { expect, test } from '@playwright/test'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import { daysFromToday, horizontalOverflow, listCabins, pickDay, whenHydrated } from './helpers.ts'
import { must } from './must.ts'

const markersTotal = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="map-marker"]')].reduce(
      (sum, marker) => sum + Number(marker.getAttribute('data-cabins') ?? 1),
      0,
    ),
  )

test.describe('browse and search', () => {
  test('searches from the home header to results, with a map that has one marker per cabin, and filters narrow it', async ({
    browser,
  }) => {
    const { page, context, outsideRequests, pageErrors } = await openJourney(browser, {
      width: 1280,
      height: 900,
    })
    await page.goto(baseUrl())
    await page.getByRole('heading', { name: /Explora Mazamitla/ }).waitFor()
    const search = page.getByRole('search', { name: 'Buscar cabañas' })
    // The page is server-rendered: the bar answers once React has hydrated it.
    await whenHydrated(search.getByRole('button', { name: /Destino/ }))

    await search.getByRole('button', { name: /Destino/ }).click()
    await page
      .getByRole('dialog', { name: 'Elige un destino' })
      .getByRole('button', { name: /Mazamitla, Jalisco/ })
      .click()
    const arrival = page.getByRole('dialog', { name: 'Fecha de llegada' })
    await arrival.waitFor()
    await screenshot(page, 'search-dates-desktop')
    await pickDay(page, daysFromToday(20), arrival)
    await pickDay(page, daysFromToday(23), page.getByRole('dialog', { name: 'Fecha de salida' }))
    // The search starts at two guests: a destination and dates are enough.
    await page.getByRole('dialog', { name: 'Huéspedes' }).waitFor()
    await search.getByRole('button', { name: 'Buscar', exact: true }).click()

    await page.waitForURL(/\/results\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('location')).toBe('Mazamitla, Jalisco')
    expect(url.searchParams.get('guests')).toBe('2')
    const heading = page.getByRole('heading', { name: /\d+ resultados?$/ })
    await heading.waitFor()
    const total = Number((await heading.textContent())?.match(/\d+/)?.[0])
    expect(total).toBeGreaterThan(1)
    expect(await page.getByTestId('cabin-card').count()).toBe(total)
    await page.getByTestId('map-marker').first().waitFor()
    expect(await markersTotal(page)).toBe(total)
    await screenshot(page, 'results-desktop')

    await page.getByRole('button', { name: /^Filtros/ }).click()
    const filters = page.getByRole('dialog', { name: 'Filtros' })
    await filters.getByRole('checkbox', { name: 'Chimenea' }).check()
    await filters.getByRole('button', { name: 'Aumentar baños' }).click()
    await filters.getByRole('button', { name: 'Aumentar baños' }).click()
    await filters.getByRole('button', { name: /Mostrar lugares/ }).click()
    await page.waitForURL(/bathrooms=2/)
    expect(page.url()).toContain('amenities=fireplace')
    await page.waitForFunction((before) => {
      const h = [...document.querySelectorAll('h1, h2')].find((e) =>
        /resultados?$|No se encontraron/.test(e.textContent ?? ''),
      )
      return (
        h &&
        !/Buscando/.test(h.textContent ?? '') &&
        document.querySelectorAll('[data-testid="cabin-card"]').length < before
      )
    }, total)
    const narrowed = await page.getByTestId('cabin-card').count()
    expect(narrowed).toBeLessThan(total)
    expect(outsideRequests).toEqual([])
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('greys out a restricted cabin and does not let it be opened', async ({ browser }) => {
    const restricted = must(
      (await listCabins(baseUrl())).find((c) => c.restrictions.length > 0),
      'a cabin with a restriction',
    )
    const { page, context } = await openJourney(browser)
    const params = new URLSearchParams({
      location: `${restricted.location.population}, ${restricted.location.state}`,
      checkIn: daysFromToday(40),
      checkOut: daysFromToday(43),
      guests: String(restricted.propertyDetails.minOccupancy),
    })
    await page.goto(`${baseUrl()}/results?${params}`)
    const card = page.getByTestId('cabin-card').filter({ hasText: restricted.propertyDetails.name })
    await card.waitFor()
    await card.getByText('No disponible').waitFor()
    await card.getByText(must(restricted.restrictions[0], 'its first restriction').message).waitFor()
    expect(await card.locator('a[href*="/cabin/"]').count()).toBe(0)
    await context.close()
  })

  test('says an incomplete search lacks parameters instead of leaving the page', async ({ browser }) => {
    const { page, context } = await openJourney(browser)
    await page.goto(`${baseUrl()}/results?location=Tapalpa`)
    await page.getByRole('heading', { level: 1, name: 'Faltan parámetros de búsqueda requeridos' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/results')
    await context.close()
  })

  test('fits 375 px without horizontal scrolling, home and results', async ({ browser }) => {
    const { page, context } = await openJourney(browser, { width: 375, height: 800 })
    await page.goto(baseUrl())
    await page.getByRole('heading', { name: /Explora Mazamitla/ }).waitFor()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await screenshot(page, 'home-mobile')
    const params = new URLSearchParams({
      location: 'Tapalpa',
      checkIn: daysFromToday(30),
      checkOut: daysFromToday(32),
      guests: '2',
    })
    await page.goto(`${baseUrl()}/results?${params}`)
    await page.getByRole('heading', { name: /resultados?$/ }).waitFor()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await screenshot(page, 'results-mobile')
    await context.close()
  })
})
