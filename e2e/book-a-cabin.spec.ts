import { expect, test } from '@playwright/test'
import { fillCheckout, reachCheckout } from './checkout.ts'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import { cabinCalendar, firstFreeStay, listCabins } from './helpers.ts'

/**
 * The first cabin from `index` on whose first free stay the API quotes now. Other journeys share the
 * server (one publishes a cabin, which moves the list; others hold dates while they pay), so a stay is
 * taken only once the quote says it is bookable: the checks after paying compare with that.
 */
const bookable = async (index: number) => {
  const cabins = (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)
  for (const cabin of cabins.slice(index, index + 10)) {
    const calendar = await cabinCalendar(baseUrl(), cabin._id)
    const stay = firstFreeStay(calendar, Math.max(2, calendar.minNights), 25)
    const quote = await fetch(`${baseUrl()}/reservas/cotizar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ habitacionId: cabin._id, ...stay, guests: cabin.propertyDetails.minOccupancy }),
    })
    if (quote.status === 200) return { cabin, stay }
  }
  throw new Error(`no bookable stay among the cabins from ${index}`)
}

test.describe('book a cabin', () => {
  test('pays with 4111 1111 1111 1111 and lands on the confirmation, card data never sent to our API', async ({
    browser,
  }) => {
    const { cabin, stay } = await bookable(5)
    const { page, context, pageErrors, outsideRequests } = await reachCheckout(browser, cabin, stay)
    const ourRequests: string[] = []
    page.on('request', (request) => {
      if (!request.url().includes('/sandbox/')) ourRequests.push(request.postData() ?? '')
    })
    await fillCheckout(page, '4111 1111 1111 1111')
    expect(await page.getByLabel('Nombre del titular').inputValue()).toBe('ANA RODRIGUEZ')
    await screenshot(page, 'checkout-filled-desktop')
    await page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
    await page.getByText('Tu reserva ha sido confirmada', { exact: true }).waitFor()
    // Said as well as shown: the status region there since the form opened.
    await expect(
      page.getByRole('status').filter({ hasText: '¡Pago exitoso! Tu reserva ha sido confirmada' }),
    ).toHaveCount(1)
    await screenshot(page, 'checkout-success-desktop')
    await page.waitForURL(/\/confirmation$/)
    await page.getByText('¡Reserva confirmada!').waitFor()
    await page.getByText('ID de Reserva').waitFor()
    await page.getByText('Completado').waitFor()
    await screenshot(page, 'confirmation-desktop')
    expect(ourRequests.some((body) => body.includes('4111'))).toBe(false)
    expect(ourRequests.some((body) => body.includes('"cvv'))).toBe(false)
    expect(outsideRequests).toEqual([])
    expect(pageErrors).toEqual([])

    const quote = await fetch(`${baseUrl()}/reservas/cotizar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ habitacionId: cabin._id, ...stay, guests: cabin.propertyDetails.minOccupancy }),
    })
    expect(quote.status).toBe(409)
    await context.close()
  })

  test('shows the decline of 4222 2222 2222 2220 in Spanish, paid before Openpay.js came, and the dates stay bookable', async ({
    browser,
  }) => {
    const { cabin, stay } = await bookable(8)
    // Openpay.js is held back until the guest has pressed pay, as on a slow link: the payment waits for it.
    let releaseOpenpay = () => {}
    const openpayHeld = new Promise<void>((resolve) => {
      releaseOpenpay = resolve
    })
    const { page, context } = await reachCheckout(browser, cabin, stay, {
      prepare: (journey) =>
        journey.route('**/sandbox/openpay/**', async (route) => {
          await openpayHeld
          await route.fallback()
        }),
    })
    try {
      await fillCheckout(page, '4222 2222 2222 2220')
      await page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
      await page.getByRole('button', { name: 'Procesando pago...' }).waitFor()
    } finally {
      // Also when a step failed: no request of the journey is left hanging.
      releaseOpenpay()
    }
    // A failure prints the alert's whole text: what the guest was told instead.
    await expect(page.getByRole('alert').filter({ hasText: 'Error en el procesamiento:' })).toContainText(
      'Tu banco rechazó el pago',
    )
    await page.getByRole('button', { name: /^Intentar pago nuevamente - \$[\d,.]+ MXN$/ }).waitFor()
    await screenshot(page, 'checkout-declined-desktop')
    const quote = await fetch(`${baseUrl()}/reservas/cotizar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ habitacionId: cabin._id, ...stay, guests: cabin.propertyDetails.minOccupancy }),
    })
    expect(quote.status).toBe(200)
    await context.close()
  })

  test('sends a visit without a checkout summary back home', async ({ browser }) => {
    const { page, context } = await openJourney(browser)
    await page.goto(`${baseUrl()}/checkout`)
    await page.waitForFunction(() => window.location.pathname === '/')
    await page.goto(`${baseUrl()}/confirmation`)
    await page.waitForFunction(() => window.location.pathname === '/')
    await context.close()
  })
})
