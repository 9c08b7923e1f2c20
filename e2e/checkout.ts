import type { Browser, BrowserContext, Page } from 'playwright-core'
import { baseUrl, openJourney } from './fixtures.ts'
import type { ApiCabin } from './helpers.ts'

/**
 * From the results to the cabin (new tab), quoted with the stay of the search, then 'Reservar'.
 * `prepare` gets the journey's browser context before its first navigation: routes set there apply to
 * every page of the context (the cabin opens in a new tab).
 */
export async function reachCheckout(
  browser: Browser,
  cabin: ApiCabin,
  stay: { checkIn: string; checkOut: string },
  { prepare }: { prepare?: (context: BrowserContext) => Promise<unknown> } = {},
) {
  const { page, context, pageErrors, outsideRequests } = await openJourney(browser, {
    width: 1280,
    height: 900,
  })
  await prepare?.(context)
  const params = new URLSearchParams({
    location: `${cabin.location.population}, ${cabin.location.state}`,
    ...stay,
    guests: String(cabin.propertyDetails.minOccupancy),
  })
  await page.goto(`${baseUrl()}/results?${params}`)
  const card = page.getByTestId('cabin-card').filter({ hasText: cabin.propertyDetails.name })
  const [tab] = await Promise.all([context.waitForEvent('page'), card.getByRole('link').first().click()])
  await tab.getByRole('button', { name: 'Reservar' }).first().click()
  await tab.waitForURL(/\/checkout\?cabin=/)
  await tab.getByRole('heading', { name: 'Confirmar y pagar' }).waitFor()
  return { page: tab, context, pageErrors, outsideRequests }
}

export async function fillCheckout(page: Page, card: string, email = 'ana.e2e@ejemplo.mx') {
  await page.getByLabel('Nombre', { exact: true }).fill('Ana')
  await page.getByLabel('Apellido').fill('Rodríguez')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Teléfono', { exact: true }).fill('5512345678')
  await page.getByLabel('Número de tarjeta').fill(card)
  await page.getByLabel('Nombre del titular').fill('ana rodriguez')
  await page.getByLabel('Mes').fill('12')
  await page.getByLabel('Año').fill('35')
  await page.getByLabel('CVV').fill('123')
  await page.getByLabel('Email de facturación').fill(email)
  await page.getByLabel('Teléfono de facturación').fill('5512345678')
}
