import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { baseUrl, E2E_WAIT_MS, screenshot } from './fixtures.ts'
import { daysFromToday, pickDay, whenHydrated } from './helpers.ts'

/**
 * Issue 20: the header search works from the first paint. Its server HTML is a GET form to /results
 * (a destination with suggestions, two dates, the guests) that needs no JavaScript; once the app runs
 * it is the spec's bar and sheet, and what the guest typed before that is kept.
 */

type Opened = { context: BrowserContext; page: Page; pageErrors: string[]; releaseScripts: () => void }

/**
 * A fresh context at `width` with JavaScript on or off. `holdScripts`: the app's code is held back
 * until `releaseScripts()`, as on a phone that is still downloading it: the server's HTML is all
 * there is. Requests leaving the machine are refused.
 */
async function open(
  browser: Browser,
  width: number,
  { js = false, holdScripts = false } = {},
): Promise<Opened> {
  const context = await browser.newContext({
    javaScriptEnabled: js,
    viewport: { width, height: 800 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    reducedMotion: 'reduce',
  })
  context.setDefaultTimeout(E2E_WAIT_MS)
  context.setDefaultNavigationTimeout(E2E_WAIT_MS)
  let releaseScripts = () => {}
  const released = new Promise<void>((resolve) => {
    releaseScripts = resolve
  })
  const origin = new URL(baseUrl()).origin
  await context.route('**/*', async (route) => {
    const url = route.request().url()
    if (!url.startsWith(origin)) return route.abort()
    if (holdScripts && route.request().resourceType() === 'script') await released
    return route.continue()
  })
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text())
  })
  return { context, page, pageErrors, releaseScripts }
}

const field = (page: Page, id: string) => page.locator(`#search-${id}`)

/** A phone on the home page's HTML, its app's code held back until `releaseScripts()`. */
async function phoneBeforeTheApp(browser: Browser): Promise<Opened> {
  const opened = await open(browser, 375, { js: true, holdScripts: true })
  await opened.page.goto(baseUrl(), { waitUntil: 'commit' })
  return opened
}

/** The suggestions of the destination field: its datalist's options. */
async function suggestions(page: Page): Promise<string[]> {
  return field(page, 'destination').evaluate((input) =>
    [...((input as HTMLInputElement).list?.options ?? [])].map((option) => option.value),
  )
}

/** Fills the header form's fields (visible ones: on a phone, open the sheet first) and sends it. */
async function searchWith(
  page: Page,
  search: { location?: string; checkIn: string; checkOut: string; guests: string },
) {
  if (search.location !== undefined) await field(page, 'destination').fill(search.location)
  await field(page, 'check-in').fill(search.checkIn)
  await field(page, 'check-out').fill(search.checkOut)
  await field(page, 'guests').fill(search.guests)
  await Promise.all([
    page.waitForURL(/\/results\?/),
    page.getByRole('button', { name: 'Buscar', exact: true }).click(),
  ])
}

/** The results page as the server rendered it: its count, and as many cards. */
async function expectResults(
  page: Page,
  search: { location: string; checkIn: string; checkOut: string; guests: string },
) {
  const url = new URL(page.url())
  expect(Object.fromEntries(url.searchParams)).toEqual(search)
  const heading = page.getByRole('heading', { level: 1, name: /^\d+ resultados?$/ })
  const total = Number((await heading.textContent())?.match(/\d+/)?.[0])
  expect(total).toBeGreaterThan(0)
  expect(await page.getByTestId('cabin-card').count()).toBe(total)
  expect(await page.getByTestId('cabin-card').first().textContent()).toContain(search.location)
}

const stay = { checkIn: daysFromToday(21), checkOut: daysFromToday(24) }

test.describe('the header search without JavaScript', () => {
  test('searches from the home page at 1366 px with a suggested destination, dates and guests', async ({
    browser,
  }) => {
    const { context, page } = await open(browser, 1366)
    await page.goto(baseUrl())
    const offered = await suggestions(page)
    expect(offered).toContain('Mazamitla, Jalisco')
    expect(offered.length).toBeGreaterThanOrEqual(6)
    // Today in Mexico City (tomorrow once today's check-in time has passed).
    expect([daysFromToday(0), daysFromToday(1)]).toContain(await field(page, 'check-in').getAttribute('min'))
    await screenshot(page, 'html-first-search-home-desktop')

    const search = { location: 'Mazamitla, Jalisco', ...stay, guests: '3' }
    await searchWith(page, search)
    await expectResults(page, search)
    await screenshot(page, 'html-first-search-results-desktop')

    // The results page's form holds the search; a new one from it keeps working.
    expect(await field(page, 'destination').inputValue()).toBe('Mazamitla, Jalisco')
    const other = {
      location: 'Tapalpa, Jalisco',
      checkIn: daysFromToday(40),
      checkOut: daysFromToday(42),
      guests: '2',
    }
    await searchWith(page, other)
    await expectResults(page, other)
    await context.close()
  })

  test('opens the search from the one-line trigger at 375 px, closes it, and searches a typed destination', async ({
    browser,
  }) => {
    const { context, page } = await open(browser, 375)
    await page.goto(baseUrl())
    expect(await field(page, 'destination').isVisible()).toBe(false)
    await page.locator('#search-trigger').click()
    await field(page, 'destination').waitFor()
    await page.getByRole('heading', { name: 'Busca tu cabaña' }).waitFor()
    await screenshot(page, 'html-first-search-sheet-mobile')
    await page.getByRole('button', { name: 'Cerrar búsqueda' }).click()
    await field(page, 'destination').waitFor({ state: 'hidden' })

    await page.locator('#search-trigger').click()
    // Typed by hand, in any case and without accents: the search matches the place.
    await searchWith(page, { location: 'mazamitla', ...stay, guests: '2' })
    const url = new URL(page.url())
    expect(url.searchParams.get('location')).toBe('mazamitla')
    const total = Number(
      (await page.getByRole('heading', { level: 1 }).textContent())?.match(/^(\d+) resultados?$/)?.[1],
    )
    expect(total).toBeGreaterThan(0)
    expect(await page.getByTestId('cabin-card').first().textContent()).toContain('Mazamitla, Jalisco')
    await screenshot(page, 'html-first-search-results-mobile')
    await context.close()
  })

  test('keeps a search without a destination or with a past arrival from leaving the page', async ({
    browser,
  }) => {
    const { context, page } = await open(browser, 1366)
    await page.goto(baseUrl())
    await field(page, 'check-in').fill(stay.checkIn)
    await field(page, 'check-out').fill(stay.checkOut)
    await page.getByRole('button', { name: 'Buscar', exact: true }).click()
    expect(
      await field(page, 'destination').evaluate((input) => (input as HTMLInputElement).validity.valueMissing),
    ).toBe(true)

    await field(page, 'destination').fill('Mazamitla, Jalisco')
    await field(page, 'check-in').fill(daysFromToday(-1))
    await page.getByRole('button', { name: 'Buscar', exact: true }).click()
    expect(
      await field(page, 'check-in').evaluate((input) => (input as HTMLInputElement).validity.rangeUnderflow),
    ).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/')
    await context.close()
  })

  for (const width of [1366, 375]) {
    test(`chooses a popular destination, then dates, at ${width} px`, async ({ browser }) => {
      const { context, page } = await open(browser, width)
      await page.goto(baseUrl())
      const popular = page.getByRole('region', { name: 'Destinos populares' })
      await Promise.all([
        page.waitForURL(/location=/),
        popular.getByRole('button', { name: /^Mazamitla/ }).click(),
      ])
      // The page again, with the destination chosen and the arrival field in focus (on a phone, in the sheet).
      expect(await field(page, 'destination').inputValue()).toBe('Mazamitla, Jalisco')
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-check-in')
      expect(await field(page, 'check-in').isVisible()).toBe(true)
      await screenshot(page, `html-first-search-chosen-${width}`)
      const search = { location: 'Mazamitla, Jalisco', ...stay, guests: '2' }
      await searchWith(page, { ...search, location: undefined })
      await expectResults(page, search)
      await context.close()
    })
  }

  test("goes from a destination's 'Elegir fechas en …' to its results at 375 px", async ({ browser }) => {
    const { context, page } = await open(browser, 375)
    await page.goto(`${baseUrl()}/destinos/tapalpa-jalisco`)
    await Promise.all([
      page.waitForURL(/location=/),
      page.getByRole('button', { name: 'Elegir fechas en Tapalpa' }).click(),
    ])
    expect(new URL(page.url()).pathname).toBe('/destinos/tapalpa-jalisco')
    expect(await field(page, 'destination').inputValue()).toBe('Tapalpa, Jalisco')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-check-in')
    const search = { location: 'Tapalpa, Jalisco', ...stay, guests: '2' }
    await searchWith(page, { ...search, location: undefined })
    await expectResults(page, search)
    await context.close()
  })
})

test.describe('the header search once the app runs', () => {
  test('keeps what was typed before the app ran, in the same place, then searches as the spec says (1366 px)', async ({
    browser,
  }) => {
    const { context, page, pageErrors, releaseScripts } = await open(browser, 1366, {
      js: true,
      holdScripts: true,
    })
    await page.goto(baseUrl(), { waitUntil: 'commit' })
    const bar = page.getByRole('search', { name: 'Buscar cabañas' })
    await field(page, 'destination').waitFor()
    const before = await bar.boundingBox()
    await field(page, 'destination').fill('Tapalpa, Jalisco')
    await field(page, 'guests').fill('3')
    await field(page, 'check-in').fill(stay.checkIn)

    releaseScripts()
    const destino = bar.getByRole('button', { name: /^Destino/ })
    await whenHydrated(destino)
    expect(await destino.textContent()).toContain('Tapalpa, Jalisco')
    expect(await bar.getByRole('button', { name: /^Huéspedes/ }).textContent()).toContain('3 huéspedes')
    expect(await field(page, 'destination').count()).toBe(0)
    // The check-in field had the focus: its segment has it now.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-segment-llegada')
    // Same box: nothing moved when the fields became the app's segments.
    expect(await bar.boundingBox()).toEqual(before)

    // The spec's bar from here: the arrival kept, the departure from its calendar, then Buscar.
    await bar.getByRole('button', { name: /^Salida/ }).click()
    const departure = page.getByRole('dialog', { name: 'Fecha de salida' })
    await departure.waitFor()
    await pickDay(page, stay.checkOut, departure)
    await bar.getByRole('button', { name: 'Buscar', exact: true }).click()
    await page.waitForURL(/\/results\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('location')).toBe('Tapalpa, Jalisco')
    expect(url.searchParams.get('checkIn')).toBe(stay.checkIn)
    expect(url.searchParams.get('guests')).toBe('3')
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('keeps the sheet a guest opened on a phone before the app ran, with what was typed', async ({
    browser,
  }) => {
    const { context, page, pageErrors, releaseScripts } = await phoneBeforeTheApp(browser)
    await page.locator('#search-trigger').click()
    await field(page, 'destination').fill('Bacalar, Quintana Roo')
    // Done typing (a phone's 'Listo'): the field no longer has the focus.
    await field(page, 'destination').blur()

    releaseScripts()
    const sheet = page.getByRole('dialog', { name: 'Busca tu cabaña' })
    await sheet.waitFor()
    const destino = sheet.getByRole('button', { name: /^Destino/ })
    await whenHydrated(destino)
    expect(await destino.textContent()).toContain('Bacalar, Quintana Roo')
    // What was typed is the answer: the destinations do not open over it.
    expect(await destino.getAttribute('aria-expanded')).toBe('false')
    await screenshot(page, 'html-first-search-sheet-hydrated-mobile')
    await sheet.getByRole('button', { name: 'Cerrar búsqueda' }).click()
    await sheet.waitFor({ state: 'detached' })
    expect(await page.locator('#search-trigger').textContent()).toContain('Bacalar')
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test("finishes a phone trigger's tap made before the app ran: once it runs, the sheet shows the destinations", async ({
    browser,
  }) => {
    const { context, page, pageErrors, releaseScripts } = await phoneBeforeTheApp(browser)
    await page.locator('#search-trigger').click()
    // The HTML sheet, at once: the form's fields.
    await field(page, 'destination').waitFor()

    releaseScripts()
    const sheet = page.getByRole('dialog', { name: 'Busca tu cabaña' })
    const destino = sheet.getByRole('button', { name: /^Destino/ })
    await whenHydrated(destino)
    expect(await destino.getAttribute('aria-expanded')).toBe('true')
    const destinations = sheet.getByRole('dialog', { name: 'Elige un destino' })
    await destinations.getByRole('button', { name: /Tapalpa, Jalisco/ }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-segment-destino')
    await destinations.getByRole('button', { name: /Tapalpa, Jalisco/ }).click()
    await sheet.getByRole('dialog', { name: 'Fecha de llegada' }).waitFor()
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('opens the arrival calendar once the app runs for a destination chosen before it ran (phone)', async ({
    browser,
  }) => {
    const { context, page, pageErrors, releaseScripts } = await phoneBeforeTheApp(browser)
    // A popular destination is an HTML form before the app runs: it leads to the home page with the
    // destination chosen and the arrival to pick (`#search-check-in`), whose code is still on the way.
    await page.getByRole('button', { name: /^Mazamitla/ }).click()
    await page.waitForURL(/#search-check-in$/, { waitUntil: 'commit' })
    await page.getByRole('heading', { level: 1 }).waitFor()

    releaseScripts()
    const sheet = page.getByRole('dialog', { name: 'Busca tu cabaña' })
    await sheet.getByRole('dialog', { name: 'Fecha de llegada' }).waitFor()
    expect(await sheet.getByRole('button', { name: /^Destino/ }).textContent()).toContain(
      'Mazamitla, Jalisco',
    )
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-segment-llegada')

    // Only that once: back to this address from a cabin, nothing opens by itself.
    await sheet.getByRole('button', { name: 'Cerrar búsqueda' }).click()
    await sheet.waitFor({ state: 'detached' })
    await page.locator('main a[href^="/cabin/"]').first().click()
    await page.waitForURL(/\/cabin\//)
    await page.goBack()
    await page.waitForURL(/#search-check-in$/)
    // The app's bar (its segments) is on the page again, mounted by the app this time.
    await page.locator('#search-segment-llegada').waitFor({ state: 'attached' })
    expect(await sheet.count()).toBe(0)
    expect(await page.getByRole('dialog', { name: 'Fecha de llegada' }).count()).toBe(0)
    expect(pageErrors).toEqual([])
    await context.close()
  })
})
