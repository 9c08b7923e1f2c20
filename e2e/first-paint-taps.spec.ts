import { type Browser, expect, type Page, type Route, test } from '@playwright/test'
import { baseUrl, E2E_WAIT_MS, screenshot } from './fixtures.ts'
import { listCabins } from './helpers.ts'

/**
 * A page whose code is held back until the test lets it through: the server's HTML is on screen and
 * nothing of the app has run, as on a phone while the code downloads. Every script file waits.
 */
async function openWithCodeHeld(browser: Browser, path: string, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: 812 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    hasTouch: width < 768,
    isMobile: width < 768,
  })
  context.setDefaultTimeout(E2E_WAIT_MS)
  const held: Route[] = []
  let holding = true
  await context.route('**/assets/*.js', (route) => {
    if (holding) held.push(route)
    else void route.continue()
  })
  const page = await context.newPage()
  // Not 'domcontentloaded': that event waits for the module scripts held here.
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'commit' })
  const releaseCode = async () => {
    holding = false
    for (const route of held.splice(0)) await route.continue()
  }
  return { context, page, releaseCode }
}

const isHydrated = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root')
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer$'))
  })

/** The loading bar a kept tap shows at the top of the screen (drawn by CSS alone), or null. */
const loadingBar = (page: Page) =>
  page.evaluate(() => {
    const bar = getComputedStyle(document.documentElement, '::after')
    return bar.content === 'none' || bar.content === 'normal'
      ? null
      : { top: bar.top, height: bar.height, position: bar.position }
  })

async function cabinId(): Promise<string> {
  const cabins = await listCabins(baseUrl())
  const cabin = cabins.find((c) => c.restrictions.length === 0)
  if (!cabin) throw new Error('no bookable cabin')
  return cabin._id
}

test.describe('a tap at the first paint, before the app has run', () => {
  test("on a phone, 'Agregar fechas' shows at once that it heard the tap, and opens the booking sheet when the code arrives", async ({
    browser,
  }) => {
    const { context, page, releaseCode } = await openWithCodeHeld(browser, `/cabin/${await cabinId()}`, 375)
    try {
      const button = page
        .getByRole('region', { name: 'Reserva' })
        .getByRole('button', { name: 'Agregar fechas' })
      await button.tap()
      expect(await isHydrated(page)).toBe(false)
      // Marked at once: the tap was taken, and the page's loading bar runs across the top of the screen.
      expect(await button.getAttribute('aria-busy')).toBe('true')
      expect(await loadingBar(page)).toEqual({ top: '0px', height: '4px', position: 'fixed' })
      await screenshot(page, 'first-paint-tap-kept-375')
      await releaseCode()
      await page.getByRole('dialog', { name: 'Reserva tu estancia' }).waitFor()
      // The mark and the bar are gone (the bar's button may have been drawn anew for the phone's layout).
      expect(await page.locator('[data-early-pending], [aria-busy="true"]').count()).toBe(0)
      expect(await loadingBar(page)).toBeNull()
      expect(await isHydrated(page)).toBe(true)
    } finally {
      await context.close()
    }
  })

  test("on a wide screen, 'Guardar' taken before the app ran saves the cabin once, when the code arrives", async ({
    browser,
  }) => {
    const { context, page, releaseCode } = await openWithCodeHeld(browser, `/cabin/${await cabinId()}`, 1366)
    try {
      const save = page.getByRole('button', { name: 'Guardar', exact: true })
      // Two clicks before the code: one tap kept, not a toggle on and off.
      await save.click()
      await save.click()
      expect(await save.getAttribute('aria-busy')).toBe('true')
      await releaseCode()
      await page.getByRole('button', { name: 'Guardado', exact: true }).waitFor()
      // Once the app owns the page, a tap is answered by it directly.
      await page.getByRole('button', { name: 'Guardado', exact: true }).click()
      await page.getByRole('button', { name: 'Guardar', exact: true }).waitFor()
    } finally {
      await context.close()
    }
  })
})
