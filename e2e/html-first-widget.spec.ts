import { formatMxn } from '@cabanas/domain/shared'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { fillCheckout, reachCheckout } from './checkout.ts'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import { type ApiCabin, cabinCalendar, firstFreeStay, listCabins, whenHydrated } from './helpers.ts'
import { must } from './must.ts'

// Issue 20: the cabin page's booking widget works from the first paint. The server renders the quote
// of the stay in the address, and 'Reservar' is a GET form to the checkout of that stay: it works
// without JavaScript and before the page's code has run. After paying, back shows the guest's own
// reservation; a reload of the checkout keeps what was typed, never the card.
type Stay = { checkIn: string; checkOut: string; guests: number }

/** A bookable cabin (by position, apart from other specs' picks), a free stay of it and its quote's total. */
async function quotedStay(
  index: number,
  fromDay: number,
): Promise<{ cabin: ApiCabin; stay: Stay; total: number }> {
  const cabin = must(
    (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)[index],
    `cabin ${index} of those without restrictions`,
  )
  const calendar = await cabinCalendar(baseUrl(), cabin._id)
  const stay = {
    ...firstFreeStay(calendar, Math.max(2, calendar.minNights), fromDay),
    guests: cabin.propertyDetails.minOccupancy,
  }
  const res = await fetch(`${baseUrl()}/reservas/cotizar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ habitacionId: cabin._id, ...stay }),
  })
  expect(res.status).toBe(200)
  const { pricing } = (await res.json()) as { pricing: { totalPrice: number } }
  return { cabin, stay, total: pricing.totalPrice }
}

const cabinAddress = (cabin: ApiCabin, { checkIn, checkOut, guests }: Stay) =>
  `${baseUrl()}/cabin/${cabin._id}?${new URLSearchParams({ checkIn, checkOut, guests: String(guests) })}`

/** The checkout's address of the stay, as the cabin page's form and the app both write it. */
const checkoutPattern = (cabin: ApiCabin, { checkIn, checkOut, guests }: Stay) =>
  new RegExp(`/checkout\\?cabin=${cabin._id}&checkIn=${checkIn}&checkOut=${checkOut}&guests=${guests}$`)

/** A browser with JavaScript off, at a width, that reaches nothing but our server. */
async function openWithoutJavaScript(browser: Browser, width: number) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 800 },
    locale: 'es-MX',
  })
  const origin = new URL(baseUrl()).origin
  await context.route('**/*', (route) =>
    route.request().url().startsWith(origin) ? route.continue() : route.abort(),
  )
  return { context, page: await context.newPage() }
}

/** The visible 'Reservar' (the phone's bar below 1024 px, the card above). */
const reserveButton = (page: Page) => page.locator('button:visible', { hasText: /^Reservar$/ })

test.describe('the booking widget as HTML first', () => {
  test('shows the stay’s total and leads Reservar to its checkout with JavaScript off, on a phone and a wide screen', async ({
    browser,
  }) => {
    const { cabin, stay, total } = await quotedStay(21, 90)
    for (const width of [375, 1366]) {
      const { context, page } = await openWithoutJavaScript(browser, width)
      const res = await page.goto(cabinAddress(cabin, stay))
      expect(res?.status()).toBe(200)
      const text = await page.locator('body').innerText()
      if (width === 375) expect(text).toContain(`${formatMxn(total)} total`)
      else expect(text).toContain(`Total ${formatMxn(total)} MXN`)
      expect(text).not.toContain('Verificando')
      expect(await reserveButton(page).isEnabled()).toBe(true)
      await screenshot(page, `html-first-cabin-quoted-no-js-${width}`)

      const [checkout] = await Promise.all([
        page.waitForResponse(checkoutPattern(cabin, stay)),
        page.waitForURL(checkoutPattern(cabin, stay)),
        reserveButton(page).click(),
      ])
      // The checkout itself needs JavaScript (the card is tokenised in the browser): its page answers.
      expect(checkout.status()).toBe(200)
      await context.close()
    }
  })

  test('with JavaScript: the total from the first paint, and Reservar leads to the checkout before and after the code runs', async ({
    browser,
  }) => {
    const { cabin, stay, total } = await quotedStay(22, 90)
    const journey = await openJourney(browser, { width: 375, height: 800 })

    // The page's code held back: a tap on the server's HTML submits the form, and the checkout opens
    // from its address alone (it quotes the stay itself).
    let holdScripts = true
    await journey.context.route(/\/assets\/.+\.js$/, (route) =>
      holdScripts ? route.abort() : route.fallback(),
    )
    const early = await journey.context.newPage()
    await early.goto(cabinAddress(cabin, stay))
    expect(await early.locator('body').innerText()).toContain(`${formatMxn(total)} total`)
    holdScripts = false
    await Promise.all([early.waitForURL(checkoutPattern(cabin, stay)), reserveButton(early).click()])
    await early.getByRole('heading', { level: 1, name: 'Confirmar y pagar' }).waitFor()
    await early.getByText(cabin.propertyDetails.name).first().waitFor()
    await early.getByRole('button', { name: `Confirmar y pagar - ${formatMxn(total)} MXN` }).waitFor()
    await screenshot(early, 'html-first-checkout-from-address-375')
    await early.close()

    // Hydrated: the same figures, and 'Reservar' is the app's own navigation to the same address.
    const { page, pageErrors, outsideRequests } = journey
    await page.goto(cabinAddress(cabin, stay))
    await whenHydrated(reserveButton(page))
    expect(await page.locator('body').innerText()).toContain(`${formatMxn(total)} total`)
    await Promise.all([page.waitForURL(checkoutPattern(cabin, stay)), reserveButton(page).click()])
    await page.getByRole('button', { name: `Confirmar y pagar - ${formatMxn(total)} MXN` }).waitFor()
    expect(pageErrors).toEqual([])
    expect(outsideRequests).toEqual([])
    await journey.context.close()
  })

  test('shows the guest’s own reservation, with a working link to the trip, on going back after paying', async ({
    browser,
  }) => {
    const cabin = must(
      (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)[23],
      'cabin 23 of those without restrictions',
    )
    const calendar = await cabinCalendar(baseUrl(), cabin._id)
    const stay = firstFreeStay(calendar, Math.max(2, calendar.minNights), 95)
    const { page, context, pageErrors } = await reachCheckout(browser, cabin, stay)
    await fillCheckout(page, '4111 1111 1111 1111')
    await page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
    await page.waitForURL(/\/confirmation$/)
    await page.getByText('¡Reserva confirmada!').waitFor()

    await page.goBack()
    await page.waitForURL(new RegExp(`/cabin/${cabin._id}\\?`))
    const note = page.getByRole('status').filter({ hasText: 'Ya reservaste estas fechas' })
    await note.waitFor()
    expect(await page.getByText('No disponible para las fechas seleccionadas').count()).toBe(0)
    await screenshot(page, 'html-first-back-after-paying-1280')

    await page.getByRole('link', { name: 'Ver mi reserva' }).click()
    await page.waitForURL(/\/reserva\/[0-9a-f-]+$/)
    await page.getByRole('heading', { level: 1, name: cabin.propertyDetails.name }).waitFor()
    await page.getByText('Activa', { exact: true }).first().waitFor()
    expect(pageErrors).toEqual([])
    await context.close()
  })

  test('keeps the guest and billing fields across a reload of the checkout, never the card', async ({
    browser,
  }) => {
    const cabin = must(
      (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)[24],
      'cabin 24 of those without restrictions',
    )
    const calendar = await cabinCalendar(baseUrl(), cabin._id)
    const stay = firstFreeStay(calendar, Math.max(2, calendar.minNights), 95)
    const { page, context, pageErrors } = await reachCheckout(browser, cabin, stay)
    await fillCheckout(page, '4111 1111 1111 1111', 'recarga.e2e@ejemplo.mx')

    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Confirmar y pagar' }).waitFor()
    const value = (label: string) => page.getByLabel(label, { exact: true }).inputValue()
    expect(await value('Nombre')).toBe('Ana')
    expect(await value('Apellido')).toBe('Rodríguez')
    expect(await value('Email')).toBe('recarga.e2e@ejemplo.mx')
    expect(await value('Teléfono')).toBe('5512345678')
    expect(await value('Email de facturación')).toBe('recarga.e2e@ejemplo.mx')
    expect(await value('Teléfono de facturación')).toBe('5512345678')
    for (const card of ['Número de tarjeta', 'Nombre del titular', 'Mes', 'Año', 'CVV']) {
      expect(await value(card)).toBe('')
    }
    const kept = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))
    expect(kept).not.toMatch(/4111|ANA RODRIGUEZ|"cvv|cardNumber/i)
    await screenshot(page, 'html-first-checkout-reloaded-1280')
    expect(pageErrors).toEqual([])
    await context.close()
  })
})
