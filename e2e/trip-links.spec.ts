import { randomBytes } from 'node:crypto'
import { type Browser, expect, test } from '@playwright/test'
import { fillCheckout, reachCheckout } from './checkout.ts'
import { baseUrl, openJourney, screenshot } from './fixtures.ts'
import { type ApiCabin, cabinCalendar, firstFreeStay, listCabins } from './helpers.ts'
import { labelledLink, mailTo } from './mail.ts'
import { must } from './must.ts'

// Issue 20: every link to the trip page that a guest without an account gets opens it: the
// cancellation mail's 'Ver la reserva', and the page's own address in another tab of the browser.
/** A guest without an account pays for `cabin`; the confirmation page's 'Ver mi reserva' opens the trip. */
async function bookAsGuest(browser: Browser, cabin: ApiCabin, email: string) {
  const calendar = await cabinCalendar(baseUrl(), cabin._id)
  const stay = firstFreeStay(calendar, Math.max(2, calendar.minNights), 70)
  const checkout = await reachCheckout(browser, cabin, stay)
  await fillCheckout(checkout.page, '4111 1111 1111 1111', email)
  await checkout.page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
  await checkout.page.waitForURL(/\/confirmation$/)
  await checkout.page.getByRole('link', { name: 'Ver mi reserva' }).click()
  await checkout.page.waitForURL(/\/reserva\/[0-9a-f-]+$/)
  await checkout.page.getByRole('heading', { level: 1, name: cabin.propertyDetails.name }).waitFor()
  return checkout
}

const bookable = async () => (await listCabins(baseUrl())).filter((c) => c.restrictions.length === 0)
const newEmail = () => `huesped.${randomBytes(4).toString('hex')}@ejemplo.mx`

test.describe('links to the trip page of a guest without an account', () => {
  test('opens the trip from its own address in a new tab; where the browser has no link, mails a new one on request', async ({
    browser,
  }) => {
    const cabin = must((await bookable())[15], 'cabin 15 of those without restrictions')
    const email = newEmail()
    const checkout = await bookAsGuest(browser, cabin, email)
    const address = checkout.page.url()
    expect(address).not.toContain('token')

    // The address, pasted into a new tab of the same browser (its own session storage).
    const tab = await checkout.context.newPage()
    await tab.goto(address)
    await tab.getByRole('heading', { level: 1, name: cabin.propertyDetails.name }).waitFor()
    await tab.getByText('Activa', { exact: true }).first().waitFor()
    expect(tab.url()).toBe(address)
    expect(checkout.pageErrors).toEqual([])
    await checkout.context.close()

    // Another browser never had the link: the page says how to get in, and login comes back here.
    const wide = await openJourney(browser, { width: 1366, height: 900 })
    await wide.page.goto(address)
    await wide.page.getByRole('heading', { name: 'Abre tu reserva con el enlace de tu correo' }).waitFor()
    await screenshot(wide.page, 'trip-without-link-1366')
    await wide.page.getByRole('link', { name: 'Iniciar sesión' }).click()
    await wide.page.getByRole('heading', { name: 'Inicia Sesión' }).waitFor()
    await wide.context.close()

    // Or it asks for a new link, which arrives at the booking's address and opens the trip there.
    const phone = await openJourney(browser, { width: 375, height: 800 })
    await phone.page.goto(address)
    await phone.page.getByRole('heading', { name: 'Abre tu reserva con el enlace de tu correo' }).waitFor()
    await screenshot(phone.page, 'trip-without-link-375')
    const form = phone.page.getByRole('region', { name: '¿No encuentras el correo?' })
    await form.getByLabel('Correo de la reserva').fill(email)
    await form.getByRole('button', { name: 'Enviarme el enlace' }).click()
    await form.getByRole('status').waitFor()
    await form.scrollIntoViewIfNeeded()
    await screenshot(phone.page, 'trip-link-requested-375')
    const mail = await mailTo(email, /^Tu enlace para ver la reserva/)
    await phone.page.goto(labelledLink(mail, 'Ver mi reserva'))
    await phone.page.getByRole('heading', { level: 1, name: cabin.propertyDetails.name }).waitFor()
    await phone.page.waitForFunction(() => !window.location.href.includes('token='))
    // The page's first request was answered 404 (no link in this browser), which Chromium logs.
    expect(phone.pageErrors.filter((error) => !/status of 404/.test(error))).toEqual([])
    expect(phone.outsideRequests).toEqual([])
    await phone.context.close()
  })

  test("cancels, and the cancellation mail's 'Ver la reserva' opens the cancelled trip in a browser that never saw it", async ({
    browser,
  }) => {
    const cabin = must((await bookable())[16], 'cabin 16 of those without restrictions')
    const email = newEmail()
    const checkout = await bookAsGuest(browser, cabin, email)
    const reservationId = must(
      new URL(checkout.page.url()).pathname.split('/').pop(),
      'the id of the reservation',
    )

    await checkout.page.getByRole('button', { name: 'Cancelar reserva' }).click()
    await checkout.page.getByRole('dialog').getByRole('button', { name: 'Sí, cancelar reserva' }).click()
    await checkout.page.getByText('Cancelada', { exact: true }).first().waitFor()
    await checkout.context.close()

    const cancelled = await mailTo(email, /^Reserva cancelada/)
    const link = labelledLink(cancelled, 'Ver la reserva')
    expect(link).toMatch(new RegExp(`/reserva/${reservationId}#token=[A-Za-z0-9_-]+$`))

    const fresh = await openJourney(browser, { width: 375, height: 800 })
    await fresh.page.goto(link)
    await fresh.page.getByRole('heading', { level: 1, name: cabin.propertyDetails.name }).waitFor()
    await fresh.page.getByText('Cancelada', { exact: true }).first().waitFor()
    await fresh.page.waitForFunction(() => !window.location.href.includes('token='))
    expect(fresh.pageErrors).toEqual([])
    await fresh.context.close()
  })
})
