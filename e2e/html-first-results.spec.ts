import { type Browser, expect, type Page, test } from '@playwright/test'
import { baseUrl, E2E_WAIT_MS, openJourney, screenshot } from './fixtures.ts'
import { daysFromToday } from './helpers.ts'

const PLACE = 'Mazamitla, Jalisco'

/** The results page's address for a search (and its filters). */
function resultsPath(params: Record<string, string>) {
  return `/results?${new URLSearchParams(params)}`
}

const futureStay = () => ({
  location: PLACE,
  checkIn: daysFromToday(20),
  checkOut: daysFromToday(23),
  guests: '2',
})

/** A browser with JavaScript off: what a guest with a blocked or late script gets from our HTML alone. */
async function openWithoutJavaScript(browser: Browser, width: number) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 800 },
    locale: 'es-MX',
  })
  context.setDefaultTimeout(E2E_WAIT_MS)
  context.setDefaultNavigationTimeout(E2E_WAIT_MS)
  return { context, page: await context.newPage() }
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).textContent()
const cardCount = (page: Page) => page.getByTestId('cabin-card').count()
const searchForm = (page: Page) => page.getByRole('form', { name: 'Cambiar la búsqueda' })

/** Fills the form a refused or incomplete search offers and sends it. */
async function searchAgain(page: Page, { checkIn, checkOut }: { checkIn: string; checkOut: string }) {
  const form = searchForm(page)
  await form.getByLabel('Destino').fill(PLACE)
  await form.getByLabel('Llegada').fill(checkIn)
  await form.getByLabel('Salida').fill(checkOut)
  await form.getByRole('button', { name: 'Buscar' }).click()
}

/** A mark on the window: still there after a client-side navigation, gone after a page load. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }))
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)

/** The number of results the heading announces, once the search has answered. */
async function announcedTotal(page: Page): Promise<number> {
  const total = page.getByRole('heading', { level: 1, name: /^\d+ resultados?$/ })
  await total.waitFor()
  return Number((await total.textContent())?.match(/\d+/)?.[0])
}

test.describe('the results page without JavaScript', () => {
  test('explains a search with past dates and its form leads to real results', async ({ browser }) => {
    const { context, page } = await openWithoutJavaScript(browser, 375)
    const res = await page.goto(
      `${baseUrl()}${resultsPath({ location: PLACE, checkIn: daysFromToday(-6), checkOut: daysFromToday(-4), guests: '2' })}`,
    )
    expect(res?.status()).toBe(400)
    expect(await heading(page)).toBe('Error en la búsqueda')
    expect(await page.getByRole('alert').textContent()).toContain(
      'La fecha de llegada no puede ser anterior a hoy',
    )
    expect(await page.getByText('Buscando...').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/')
    await screenshot(page, 'results-refused-no-js-mobile')

    const stay = futureStay()
    await Promise.all([page.waitForURL(/checkIn=/), searchAgain(page, stay)])
    const url = new URL(page.url())
    expect([url.searchParams.get('checkIn'), url.searchParams.get('checkOut')]).toEqual([
      stay.checkIn,
      stay.checkOut,
    ])
    expect(await announcedTotal(page)).toBeGreaterThan(0)
    expect(await cardCount(page)).toBeGreaterThan(0)
    await context.close()
  })

  test('says an incomplete search lacks parameters, with no redirect, and completes it', async ({
    browser,
  }) => {
    const { context, page } = await openWithoutJavaScript(browser, 1366)
    const res = await page.goto(`${baseUrl()}/results?location=Mazamitla`)
    expect(res?.status()).toBe(400)
    expect(new URL(page.url()).pathname).toBe('/results')
    expect(await heading(page)).toBe('Faltan parámetros de búsqueda requeridos')
    expect(await searchForm(page).getByLabel('Huéspedes').inputValue()).toBe('2')
    await screenshot(page, 'results-incomplete-no-js-desktop')

    await Promise.all([page.waitForURL(/checkIn=/), searchAgain(page, futureStay())])
    expect(await announcedTotal(page)).toBeGreaterThan(0)
    await context.close()
  })

  test("opens 'Filtros', and applying filters changes the address and the results", async ({ browser }) => {
    const { context, page } = await openWithoutJavaScript(browser, 375)
    await page.goto(`${baseUrl()}${resultsPath(futureStay())}`)
    const total = await announcedTotal(page)
    expect(total).toBeGreaterThan(1)

    await page.getByRole('button', { name: /^Filtros/ }).click()
    const filters = page.getByRole('dialog', { name: 'Filtros' })
    await filters.waitFor()
    // The steppers' buttons need JavaScript: the list alone is drawn, and the amenities fold by CSS.
    expect(await filters.getByRole('button', { name: 'Aumentar baños' }).isVisible()).toBe(false)
    expect(await filters.getByRole('checkbox', { name: 'Cocina', exact: true }).isVisible()).toBe(false)
    await filters.getByRole('checkbox', { name: 'Mostrar más (18 más)' }).check()
    await filters.getByRole('checkbox', { name: 'Cocina', exact: true }).waitFor()
    await filters.getByRole('checkbox', { name: 'Mostrar menos' }).waitFor()
    await filters.getByRole('checkbox', { name: 'Chimenea' }).check()
    await filters.getByRole('combobox', { name: 'Baños' }).selectOption('2')
    await screenshot(page, 'results-filters-no-js-mobile')

    await Promise.all([
      page.waitForURL(/bathrooms=2/),
      filters.getByRole('button', { name: 'Mostrar lugares' }).click(),
    ])
    const url = new URL(page.url())
    expect(url.searchParams.getAll('amenities')).toEqual(['fireplace'])
    expect(url.searchParams.get('location')).toBe(PLACE)
    const narrowed = await cardCount(page)
    expect(narrowed).toBeLessThan(total)
    expect(await page.getByRole('button', { name: /^Filtros\s*2/ }).count()).toBe(1)

    // 'Borrar todo' goes back to the search without its filters.
    await page.getByRole('button', { name: /^Filtros/ }).click()
    await Promise.all([
      page.waitForURL((next) => !next.searchParams.has('bathrooms')),
      filters.getByRole('button', { name: 'Borrar todo' }).click(),
    ])
    expect(await cardCount(page)).toBe(total)
    await context.close()
  })
})

test.describe('the results page with JavaScript', () => {
  test('explains a search with past dates and its form searches again in the app', async ({ browser }) => {
    const { context, page, pageErrors, outsideRequests } = await openJourney(browser, {
      width: 1366,
      height: 900,
    })
    await page.goto(
      `${baseUrl()}${resultsPath({ location: PLACE, checkIn: daysFromToday(-6), checkOut: daysFromToday(-4), guests: '2' })}`,
    )
    expect(await heading(page)).toBe('Error en la búsqueda')
    expect(await page.getByRole('alert').textContent()).toContain(
      'La fecha de llegada no puede ser anterior a hoy',
    )
    expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(0)
    // Once the app runs (the form reads Mexico City's date after hydrating, not before), the calendar of
    // the arrival starts at the first day a stay can start.
    await expect(searchForm(page).getByLabel('Llegada')).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/)
    await screenshot(page, 'results-refused-desktop')

    await markWindow(page)
    const stay = futureStay()
    await searchAgain(page, stay)
    expect(await announcedTotal(page)).toBeGreaterThan(0)
    expect(new URL(page.url()).searchParams.get('checkIn')).toBe(stay.checkIn)
    expect(await isSameDocument(page)).toBe(true)
    // The document's own 400 is the one resource error the browser reports.
    expect(pageErrors.filter((error) => !/status of 400/.test(error))).toEqual([])
    expect(outsideRequests).toEqual([])
    await context.close()
  })

  test('says an incomplete search lacks parameters and completes it in the app', async ({ browser }) => {
    const { context, page } = await openJourney(browser, { width: 375, height: 800 })
    await page.goto(`${baseUrl()}/results?location=Mazamitla&guests=3`)
    expect(new URL(page.url()).pathname).toBe('/results')
    expect(await heading(page)).toBe('Faltan parámetros de búsqueda requeridos')
    await screenshot(page, 'results-incomplete-mobile')

    await markWindow(page)
    await searchAgain(page, futureStay())
    expect(await announcedTotal(page)).toBeGreaterThan(0)
    expect(new URL(page.url()).searchParams.get('guests')).toBe('3')
    expect(await isSameDocument(page)).toBe(true)
    await context.close()
  })

  test("filters with the 'Filtros' dialog in the app: steppers, toggles, client-side navigation", async ({
    browser,
  }) => {
    const { context, page, pageErrors } = await openJourney(browser, { width: 375, height: 800 })
    await page.goto(`${baseUrl()}${resultsPath(futureStay())}`)
    const total = await announcedTotal(page)
    await markWindow(page)

    await page.getByRole('button', { name: /^Filtros/ }).click()
    const filters = page.getByRole('dialog', { name: 'Filtros' })
    await filters.waitFor()
    await filters.getByRole('checkbox', { name: 'Chimenea' }).check()
    expect(await filters.getByRole('checkbox', { name: 'Cocina', exact: true }).isVisible()).toBe(false)
    await filters.getByRole('checkbox', { name: 'Mostrar más (18 más)' }).check()
    await filters.getByRole('checkbox', { name: 'Cocina', exact: true }).waitFor()
    await filters.getByRole('checkbox', { name: 'Mostrar menos' }).uncheck()
    await filters.getByRole('checkbox', { name: 'Cocina', exact: true }).waitFor({ state: 'hidden' })
    await filters.getByRole('button', { name: 'Aumentar baños' }).click()
    await filters.getByRole('button', { name: 'Aumentar baños' }).click()
    expect(await filters.getByRole('combobox', { name: 'Baños' }).inputValue()).toBe('2')
    await screenshot(page, 'results-filters-mobile')
    await filters.getByRole('button', { name: 'Mostrar lugares' }).click()

    await page.waitForURL(/bathrooms=2/)
    expect(new URL(page.url()).searchParams.get('amenities')).toBe('fireplace')
    await page.getByRole('button', { name: /^Filtros\s*2/ }).waitFor()
    await page.waitForFunction(
      (before) => document.querySelectorAll('[data-testid="cabin-card"]').length < before,
      total,
    )
    expect(await filters.isVisible()).toBe(false)
    expect(await isSameDocument(page)).toBe(true)

    // Escape closes it without applying anything; the next opening starts from the address.
    await page.getByRole('button', { name: /^Filtros/ }).click()
    await filters.getByRole('button', { name: 'Aumentar camas' }).click()
    await page.keyboard.press('Escape')
    await page.waitForFunction(() => !document.querySelector('dialog[open]'))
    await page.getByRole('button', { name: /^Filtros/ }).click()
    expect(await filters.getByRole('combobox', { name: 'Camas' }).inputValue()).toBe('0')
    expect(await filters.getByRole('combobox', { name: 'Baños' }).inputValue()).toBe('2')
    await page.setViewportSize({ width: 1366, height: 900 })
    await screenshot(page, 'results-filters-desktop')
    expect(pageErrors).toEqual([])
    await context.close()
  })
})
