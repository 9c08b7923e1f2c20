import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import {
  type ApiCabin,
  cabinCalendar,
  daysFromToday,
  firstFreeStay,
  labelInNameMismatches,
  listCabins,
  longDate,
  pickDay,
  whenHydrated,
} from './helpers.ts'
import { must } from './must.ts'

// Issue 20: no dead ends on the guest's path, each one walked as a guest meets it.

const userMenu = (page: Page) => page.getByRole('button', { name: /Menú de usuario/ })
const payButton = (page: Page) =>
  page.getByRole('button', { name: /^(Confirmar y pagar|Intentar pago nuevamente) - / })

/** Registers a new client in the browser: signed in, on the home page. */
async function register(page: Page) {
  const email = `viajera.${randomBytes(4).toString('hex')}@ejemplo.mx`
  await page.goto(`${baseUrl()}/register`)
  await page.getByRole('heading', { name: 'Crear Cuenta' }).waitFor()
  await page.getByLabel('Nombre', { exact: true }).fill('Guadalupe')
  await page.getByLabel('Apellido').fill('López')
  await page.getByLabel('Correo electrónico').fill(email)
  await page.getByLabel('Teléfono').fill('33 1234 5678')
  await page.getByLabel('Contraseña', { exact: true }).fill('montaña-2026')
  await page.getByLabel('Confirmar contraseña').fill('montaña-2026')
  await page.getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Crear cuenta' }).click()
  await page.waitForFunction(() => window.location.pathname === '/')
  return email
}

async function bookable(index: number, from: number) {
  const cabin = must(
    (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)[index],
    `cabin ${index} of those without restrictions`,
  )
  const calendar = await cabinCalendar(baseUrl(), cabin._id)
  return { cabin, stay: firstFreeStay(calendar, Math.max(2, calendar.minNights), from) }
}

function cabinUrl(cabin: ApiCabin, stay: { checkIn: string; checkOut: string }) {
  const guests = String(cabin.propertyDetails.minOccupancy)
  return `${baseUrl()}/cabin/${cabin._id}?${new URLSearchParams({ ...stay, guests })}`
}

async function fillCard(page: Page, card: string) {
  await page.getByLabel('Número de tarjeta').fill(card)
  await page.getByLabel('Nombre del titular').fill('Guadalupe Lopez')
  await page.getByLabel('Mes').fill('10')
  await page.getByLabel('Año').fill('34')
  await page.getByLabel('CVV').fill('321')
}

test.describe("the guest's path has no dead ends", () => {
  test('lists the stay a signed-in guest paid in Mis Reservas, not the declined card before it', async ({
    browser,
  }) => {
    const { page, context } = await openJourney(browser, { width: 1366, height: 900 })
    await register(page)
    const { cabin, stay } = await bookable(20, 60)
    await page.goto(cabinUrl(cabin, stay))
    const reserve = page.getByRole('button', { name: 'Reservar' }).first()
    await whenHydrated(reserve)
    await reserve.click()
    await page.waitForURL(/\/checkout\?cabin=/)
    await page.getByText('Datos cargados automáticamente desde tu perfil').waitFor()
    await page.getByLabel('Nombre', { exact: true }).fill('Guadalupe')
    await page.getByLabel('Apellido').fill('López')

    // The bank declines the first card; the second one pays.
    await fillCard(page, '4222 2222 2222 2220')
    await payButton(page).click()
    await page
      .getByText(/Tu banco rechazó el pago/)
      .first()
      .waitFor()
    await fillCard(page, '5555 5555 5555 4444')
    await payButton(page).click()
    await page.waitForURL(/\/confirmation$/)

    await page.getByRole('link', { name: /Ver mis reservas/ }).click()
    await page.getByRole('heading', { name: 'Mis Reservas' }).waitFor()
    await page.getByText('Pagado').first().waitFor()
    await page.getByRole('article').first().waitFor()
    await screenshot(page, 'i20-my-reservations-after-decline-desktop')
    expect(await page.getByRole('article').count()).toBe(1)
    expect(await page.getByText('Fallido').count()).toBe(0)
    expect(await page.getByText('Cancelada').count()).toBe(0)
    // Its dates in the one long form guests read everywhere.
    const card = await page.getByRole('article').textContent()
    expect(card).toContain(longDate(stay.checkIn))
    expect(card).toContain(longDate(stay.checkOut))

    await page.setViewportSize({ width: 375, height: 800 })
    await screenshot(page, 'i20-my-reservations-after-decline-mobile')
    await context.close()
  })

  test("calls the fee 'Tarifa de servicio' on the cabin page and at checkout, whose dates are written in full", async ({
    browser,
  }) => {
    const { page, context } = await openJourney(browser, { width: 1366, height: 900 })
    const { cabin, stay } = await bookable(21, 60)
    await page.goto(cabinUrl(cabin, stay))
    const widget = page.getByRole('complementary', { name: 'Reserva' })
    await widget.getByText('Total').first().waitFor()
    expect(await widget.textContent()).toContain('Tarifa de servicio')
    expect(await widget.textContent()).not.toContain('Comisión')
    await widget.getByText('Tarifa de servicio').scrollIntoViewIfNeeded()
    await screenshot(page, 'i20-cabin-fee-desktop')

    const reserve = page.getByRole('button', { name: 'Reservar' }).first()
    await whenHydrated(reserve)
    await reserve.click()
    await page.waitForURL(/\/checkout\?cabin=/)
    const summary = page.getByRole('region', { name: cabin.propertyDetails.name })
    await summary.getByText('Tarifa de servicio').waitFor()
    const text = await summary.textContent()
    expect(text).toContain(longDate(stay.checkIn))
    expect(text).toContain(longDate(stay.checkOut))
    await screenshot(page, 'i20-checkout-summary-desktop')
    await page.setViewportSize({ width: 375, height: 800 })
    await summary.scrollIntoViewIfNeeded()
    await screenshot(page, 'i20-checkout-summary-mobile')
    await context.close()
  })

  test('logs out from the profile page to the home page', async ({ browser }) => {
    const { page, context } = await openJourney(browser, { width: 375, height: 800 })
    await register(page)
    await page.goto(`${baseUrl()}/profile`)
    await page.getByRole('heading', { name: 'Mi Perfil' }).waitFor()
    await whenHydrated(userMenu(page))
    await userMenu(page).click()
    await page.getByRole('button', { name: 'Cerrar sesión' }).click()
    await page.waitForFunction(() => ['/', '/login'].includes(window.location.pathname))
    // A guard that saw the session end before the page changed would still redirect: give it time.
    await page.waitForTimeout(1_000)
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull()
    await screenshot(page, 'i20-after-logout-mobile')
    await context.close()
  })

  test("names the user menu and the booking widget's date buttons with the words they show", async ({
    browser,
  }) => {
    const { page, context } = await openJourney(browser, { width: 1366, height: 900 })
    await register(page)
    const { cabin, stay } = await bookable(22, 60)
    for (const url of [`${baseUrl()}/cabin/${cabin._id}`, cabinUrl(cabin, stay)]) {
      await page.goto(url)
      const widget = page.getByRole('complementary', { name: 'Reserva' })
      await whenHydrated(widget.getByRole('button', { name: /^LLEGADA:/ }))
      await whenHydrated(userMenu(page))
      expect(await userMenu(page).textContent()).toBe('GL')
      const mismatches = [
        ...(await labelInNameMismatches(page.getByRole('banner'))),
        ...(await labelInNameMismatches(widget)),
      ]
      expect(mismatches).toEqual([])
    }
    await screenshot(page, 'i20-cabin-widget-desktop')
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(cabinUrl(cabin, stay))
    const bar = page.getByRole('region', { name: 'Reserva' })
    await whenHydrated(bar.getByRole('button').first())
    await bar.getByRole('button').first().click()
    const sheet = page.getByRole('dialog', { name: 'Reserva tu estancia' })
    await sheet.getByRole('button', { name: /^LLEGADA:/ }).waitFor()
    const mismatches = [
      ...(await labelInNameMismatches(page.getByRole('banner'))),
      ...(await labelInNameMismatches(sheet)),
    ]
    expect(mismatches).toEqual([])
    await sheet.getByText('Tarifa de servicio').waitFor()
    await screenshot(page, 'i20-cabin-widget-mobile')
    await context.close()
  })

  test('starts the header search at 2 guests, so a destination and dates are enough to search', async ({
    browser,
  }) => {
    const { page, context } = await openJourney(browser, { width: 1366, height: 900 })
    await page.goto(baseUrl())
    const search = page.getByRole('search', { name: 'Buscar cabañas' })
    const guests = search.locator('#search-segment-huespedes')
    await whenHydrated(guests)
    expect(await guests.textContent()).toContain('2 huéspedes')
    await screenshot(page, 'i20-home-search-desktop')

    await search.getByRole('button', { name: /Destino/ }).click()
    await page
      .getByRole('dialog', { name: 'Elige un destino' })
      .getByRole('button', { name: /Mazamitla, Jalisco/ })
      .click()
    await pickDay(page, daysFromToday(30), page.getByRole('dialog', { name: 'Fecha de llegada' }))
    await pickDay(page, daysFromToday(32), page.getByRole('dialog', { name: 'Fecha de salida' }))
    await search.getByRole('button', { name: 'Buscar', exact: true }).click()
    await page.waitForURL(/\/results\?/)
    expect(new URL(page.url()).searchParams.get('guests')).toBe('2')
    await page.getByTestId('cabin-card').first().waitFor()

    const phone = await openJourney(browser, { width: 375, height: 800 })
    await phone.page.goto(baseUrl())
    await whenHydrated(phone.page.locator('#search-trigger'))
    expect(await phone.page.locator('#search-trigger').textContent()).toContain('2 huéspedes')
    await screenshot(phone.page, 'i20-home-search-mobile')
    await phone.context.close()
    await context.close()
  })
})
