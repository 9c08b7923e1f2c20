import { SPANISH_MONTH_NAMES } from '@cabanas/domain/shared'
import { expect, type Page, test } from '@playwright/test'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import {
  cabinCalendar,
  cabinWithBookings,
  daysFromToday,
  firstFreeStay,
  horizontalOverflow,
  listCabins,
  pickDay,
  whenHydrated,
} from './helpers.ts'
import { must } from './must.ts'

const mainButton = (page: Page) =>
  page.getByRole('button', { name: /^(Reservar|Verificando\.\.\.|No disponible|Selecciona fechas)$/ }).first()

async function pickStay(page: Page, stay: { checkIn: string; checkOut: string }) {
  const arrival = page.getByRole('button', { name: /^LLEGADA:/ }).first()
  // The cabin page is server-rendered: the widget answers once React has hydrated it.
  await whenHydrated(arrival)
  await arrival.click()
  await pickDay(page, stay.checkIn, page.getByRole('dialog', { name: 'Fecha de llegada' }))
  await pickDay(page, stay.checkOut, page.getByRole('dialog', { name: 'Fecha de salida' }))
}

test.describe('cabin page and live quote', () => {
  test('opens a cabin from the results, disables booked nights, quotes, requotes on guests, and hands over to checkout', async ({
    browser,
  }) => {
    const { cabin, calendar } = await cabinWithBookings(baseUrl())
    const { page, context, pageErrors } = await openJourney(browser, { width: 1280, height: 900 })
    const visit = firstFreeStay(calendar, Math.max(2, calendar.minNights), 10)
    const params = new URLSearchParams({
      location: `${cabin.location.population}, ${cabin.location.state}`,
      ...visit,
      guests: String(cabin.propertyDetails.minOccupancy),
    })
    await page.goto(`${baseUrl()}/results?${params}`)
    const card = page.getByTestId('cabin-card').filter({ hasText: cabin.propertyDetails.name })
    const [cabinPage] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('link').first().click(),
    ])
    await cabinPage.waitForURL(new RegExp(`/cabin/${cabin._id}\\?`))
    const tab = cabinPage
    await tab.getByRole('heading', { name: cabin.propertyDetails.name, level: 1 }).waitFor()

    // The page opened with the stay from the results: it is quoted.
    await tab.getByText('Total').first().waitFor()
    expect(await mainButton(tab).textContent()).toBe('Reservar')

    // Booked nights cannot be picked as an arrival. (The quote is in the server's HTML: the calendar
    // answers once React has hydrated the widget.)
    const booked = must(
      calendar.bookedNights.find((night) => night > daysFromToday(3)),
      'a booked night after three days from today',
    )
    await whenHydrated(tab.getByRole('button', { name: /^LLEGADA:/ }).first())
    await tab
      .getByRole('button', { name: /^LLEGADA:/ })
      .first()
      .click()
    const arrival = tab.getByRole('dialog', { name: 'Fecha de llegada' })
    await arrival.waitFor()
    let checked = false
    for (let i = 0; i < 12 && !checked; i++) {
      const target = arrival.getByRole('button', { name: nameOf(booked) })
      if ((await target.count()) > 0) {
        expect(await target.first().isDisabled()).toBe(true)
        checked = true
      } else {
        await arrival.getByRole('button', { name: 'Mes siguiente' }).click()
      }
    }
    expect(checked).toBe(true)
    await screenshot(tab, 'cabin-calendar-desktop')
    await tab.keyboard.press('Escape')

    const stay = firstFreeStay(calendar, Math.max(2, calendar.minNights), 40)
    await pickStay(tab, stay)
    await tab.getByText('Total').first().waitFor()
    await tab.waitForFunction(() => /Reservar/.test(document.body.innerText))
    expect(await mainButton(tab).textContent()).toBe('Reservar')
    await screenshot(tab, 'cabin-quoted-desktop')

    // Changing guests clears the quote, and a new one comes back.
    if (cabin.propertyDetails.maxOccupancy > cabin.propertyDetails.minOccupancy) {
      await tab
        .getByRole('button', { name: /^HUÉSPEDES/ })
        .first()
        .click()
      await tab
        .getByRole('dialog', { name: 'Huéspedes' })
        .getByRole('button', { name: /Aumentar/ })
        .click()
      await tab.keyboard.press('Escape')
      await tab.waitForFunction(
        () => /Verificando\.\.\./.test(document.body.innerText) || /Reservar/.test(document.body.innerText),
      )
      await tab.getByRole('button', { name: 'Reservar' }).first().waitFor()
    }

    await tab.getByRole('button', { name: 'Reservar' }).first().click()
    await tab.waitForURL(/\/checkout\?cabin=/)
    await tab.getByText(cabin.propertyDetails.name).first().waitFor()
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('sends a request to book that the confirmation page presents as waiting for the host', async ({
    browser,
  }) => {
    const cabins = (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)
    const cabin = must(cabins.at(-1), 'a cabin without restrictions')
    const calendar = await cabinCalendar(baseUrl(), cabin._id)
    const stay = firstFreeStay(calendar, Math.max(2, calendar.minNights), 60)
    const { page, context } = await openJourney(browser, { width: 1280, height: 900 })
    await page.goto(`${baseUrl()}/cabin/${cabin._id}`)
    await pickStay(page, stay)
    await page.getByRole('button', { name: 'Solicitar reserva' }).click()
    const dialog = page.getByRole('dialog').filter({ hasText: 'Confirmar y solicitar reserva' })
    await dialog.getByLabel('Nombre completo').fill('Fernanda Sánchez')
    await dialog.getByLabel('Correo electrónico').fill('fernanda@ejemplo.mx')
    await dialog.getByLabel('Teléfono').fill('5512345678')
    await dialog.getByRole('button', { name: 'Confirmar y solicitar reserva' }).click()
    await page.getByText('Confirmando reserva...').first().waitFor()
    await page.waitForURL(/\/confirmation$/)
    await page.getByText('Solicitud enviada').waitFor()
    expect(await page.getByText('¡Reserva confirmada!').count()).toBe(0)
    await screenshot(page, 'request-confirmation-desktop')
    await context.close()
  })

  test('shows the cabin page at 375 px with a bottom booking bar and no sideways scroll', async ({
    browser,
  }) => {
    const cabin = must((await listCabins(baseUrl()))[3], 'a fourth cabin')
    const { page, context } = await openJourney(browser, { width: 375, height: 800 })
    await page.goto(`${baseUrl()}/cabin/${cabin._id}`)
    await page.getByRole('heading', { name: cabin.propertyDetails.name, level: 1 }).waitFor()
    await page.getByRole('region', { name: 'Reserva' }).or(page.getByLabel('Reserva')).first().waitFor()
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await screenshot(page, 'cabin-mobile')
    await context.close()
  })
})

function nameOf(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new RegExp(`\\b${day} de ${SPANISH_MONTH_NAMES[month - 1]} de ${year}`)
}
