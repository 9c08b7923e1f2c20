import { dayOfWeek } from '@cabanas/domain/shared'
import { expect, test } from '@playwright/test'
import { readOutboxMails } from '../apps/api/src/features/mail/mail-testing.ts'
import { type AppServer, startApp } from './app-server.ts'
import { fillCheckout } from './checkout.ts'
import { openJourney, screenshot } from './fixtures.ts'
import { daysFromToday, horizontalOverflow } from './helpers.ts'
import { api, publishedCabin } from './host-cabin.ts'
import { must } from './must.ts'

/**
 * Issue 22, done when "a host cancellation refunds the guest and mails both": a guest pays a stay
 * through the checkout (the payment sandbox); the host, on a phone, opens it in 'Reservas de mis
 * cabañas', sees the guest's contact and cancels it; the guest's trip page shows the payment refunded,
 * and both got their mail. The operator console then lists it as cancelled by the host. This spec
 * starts its own app (its own OPERATOR_EMAILS address: specs never share an account).
 */

let app: AppServer
const OPERATOR_EMAIL = 'operador.cancelaciones.e2e@cabanas.mx'
/** The password host-cabin.ts registers every account with. */
const PASSWORD = 'calendario-de-la-sierra-2026'
const PHONE = { width: 375, height: 812 }
const suffix = Math.random().toString(36).slice(2, 7)
const TITLE = `Cabaña El Encino ${suffix}`
const HOST_EMAIL = `anfitrion.cancela.${suffix}@ejemplo.mx`
const GUEST_EMAIL = `ana.cancelada.${suffix}@ejemplo.mx`

test.beforeAll(async () => {
  app = await startApp({ OPERATOR_EMAILS: OPERATOR_EMAIL })
})
test.afterAll(async () => {
  await app?.stop()
})

/** A weekend (Friday to Sunday) three weeks ahead at least. */
function weekendAhead() {
  for (let days = 21; ; days++) {
    if (dayOfWeek(daysFromToday(days)) === 5)
      return { checkIn: daysFromToday(days), checkOut: daysFromToday(days + 2) }
  }
}

/** Waits for a mail to `to` whose subject matches (the server sends its outbox every 300 ms). */
async function mailTo(to: string, subject: RegExp) {
  for (let i = 0; i < 240; i++) {
    const mail = (await readOutboxMails(app.outboxDir, to)).find((m) => subject.test(m.subject ?? ''))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no mail "${subject}" to ${to}`)
}

test.describe('a host cancels a paid stay', () => {
  test('refunds the guest in full and mails both', async ({ browser }) => {
    const { host, cabinId } = await publishedCabin(app, {
      hostEmail: HOST_EMAIL,
      operatorEmail: OPERATOR_EMAIL,
      locality: `Rancho Los Encinos ${suffix}`,
      title: TITLE,
    })
    const stay = weekendAhead()
    const total = 2 * 2_000_00 + Math.round(2 * 2_000_00 * 0.12)

    // The guest pays the weekend through the checkout.
    const guest = await openJourney(browser, { ...PHONE, appUrl: app.baseUrl })
    // The guest's answers over 399, by request (Chromium logs each as a console error without its address).
    const refusals: string[] = []
    guest.page.on('response', (response) => {
      if (response.status() < 400) return
      refusals.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`)
    })
    const query = new URLSearchParams({ cabin: cabinId, ...stay, guests: '2' })
    await guest.page.goto(`${app.baseUrl}/checkout?${query}`)
    await guest.page.getByRole('heading', { name: 'Confirmar y pagar' }).waitFor()
    await fillCheckout(guest.page, '4111 1111 1111 1111', GUEST_EMAIL)
    await guest.page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
    await guest.page.waitForURL(/\/confirmation$/)
    await guest.page.getByText('¡Reserva confirmada!').waitFor()
    const confirmed = await mailTo(GUEST_EMAIL, /Reserva confirmada/)
    const tripLink = /Ver mi reserva:\s+(\S+)/.exec(confirmed.text ?? '')?.[1]
    expect(tripLink?.startsWith(`${app.baseUrl}/reserva/`)).toBe(true)

    // The host, signed in on an earlier visit, finds it in 'Reservas de mis cabañas' from the menu.
    const journey = await openJourney(browser, { ...PHONE, appUrl: app.baseUrl })
    const { page } = journey
    await journey.context.addInitScript((session) => {
      localStorage.setItem('auth_token', session.token)
      localStorage.setItem('auth_user', JSON.stringify(session.client))
    }, host)
    await page.goto(`${app.baseUrl}/anfitrion/cabanas`)
    await page.getByRole('heading', { level: 1, name: 'Mis cabañas' }).waitFor()
    await page
      .getByRole('button', { name: /^Menú de usuario/ })
      .first()
      .click()
    await page.getByRole('link', { name: 'Reservas de mis cabañas' }).click()
    await page.getByRole('heading', { level: 1, name: 'Reservas de mis cabañas' }).waitFor()
    const card = page.getByRole('link').filter({ hasText: TITLE })
    await card.getByText('Confirmada').waitFor()
    await screenshot(page, 'host-reservations-mobile')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await card.click()

    // The confirmed stay shows the guest's contact: a phone link and WhatsApp.
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    await page.getByText('Ana Rodríguez').waitFor()
    expect(await page.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/525512345678',
    )
    expect(await page.getByRole('link', { name: /5512345678/ }).getAttribute('href')).toMatch(/^tel:/)
    await screenshot(page, 'host-reservation-mobile')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)

    // 'Cancelar reserva': the dialog says what it does; the reason is optional.
    await page.getByRole('button', { name: 'Cancelar reserva' }).click()
    const dialog = page.getByRole('dialog', { name: '¿Cancelar esta reserva?' })
    await dialog.getByText('Las noches quedan bloqueadas en tu calendario; no se podrán reservar.').waitFor()
    await dialog.getByText('La cancelación cuenta en tu historial de anfitrión.').waitFor()
    await dialog.getByLabel('Motivo (opcional)').fill('Se descompuso el calentador')
    await screenshot(page, 'host-cancel-dialog-mobile')
    await dialog.getByRole('button', { name: 'Sí, cancelar reserva' }).click()
    await page
      .getByText('Reserva cancelada. Reembolsamos el pago completo al huésped y le avisamos por correo.')
      .waitFor()
    await page.getByText('Cancelada por el anfitrión').first().waitFor()
    await page.getByText('Reembolsada al huésped').waitFor()
    expect(await page.getByText('Ana Rodríguez').count()).toBe(0)
    await screenshot(page, 'host-reservation-cancelled-mobile')
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto(`${app.baseUrl}/anfitrion/reservas?pestana=canceladas`)
    await page.getByRole('link').filter({ hasText: TITLE }).getByText('Cancelada por el anfitrión').waitFor()
    await screenshot(page, 'host-reservations-cancelled-1366')

    // The guest's trip page shows the payment refunded; both got their mail.
    await guest.page.goto(must(tripLink, 'the link to the trip in the confirmation mail'))
    await guest.page.getByText('Reembolsado').first().waitFor()
    await screenshot(guest.page, 'guest-trip-refunded-mobile')
    const toGuest = await mailTo(GUEST_EMAIL, /fue cancelada/)
    expect(toGuest.subject).toBe(`Tu reserva en ${TITLE} fue cancelada`)
    expect(toGuest.text).toContain('el anfitrión canceló tu reserva')
    expect(toGuest.text).toContain(`${app.baseUrl}/`)
    expect(toGuest.text).not.toContain('calentador')
    const toHost = await mailTo(HOST_EMAIL, /Cancelaste la reserva/)
    expect(toHost.text).toContain('Reembolsamos al huésped el pago completo')
    expect(total).toBeGreaterThan(0)

    // The operator console lists it as cancelled by the host, and the host's record counts it.
    const operator = await api<{ data: { token: string; client: Record<string, unknown> } }>(
      app,
      'POST',
      '/auth/login',
      { body: { email: OPERATOR_EMAIL, password: PASSWORD, rememberMe: false } },
    )
    const operatorJourney = await openJourney(browser, { width: 1366, height: 900, appUrl: app.baseUrl })
    await operatorJourney.context.addInitScript((session) => {
      localStorage.setItem('auth_token', session.token)
      localStorage.setItem('auth_user', JSON.stringify(session.client))
    }, operator.data)
    await operatorJourney.page.goto(`${app.baseUrl}/operador/reservas`)
    await operatorJourney.page.getByRole('heading', { level: 1, name: 'Reservas' }).waitFor()
    await operatorJourney.page.getByLabel('Buscar por cabaña o ID de reserva').fill(TITLE)
    await operatorJourney.page.getByRole('button', { name: 'Buscar' }).click()
    await operatorJourney.page
      .getByRole('row')
      .filter({ hasText: TITLE })
      .getByText(/Cancelada por el anfitrión/)
      .waitFor()
    await screenshot(operatorJourney.page, 'operator-reservations-1366')
    await operatorJourney.page.setViewportSize(PHONE)
    await screenshot(operatorJourney.page, 'operator-reservations-mobile')
    expect(await horizontalOverflow(operatorJourney.page)).toBeLessThanOrEqual(0)
    await operatorJourney.page.goto(`${app.baseUrl}/operador/solicitudes`)
    await operatorJourney.page.getByRole('heading', { level: 1, name: 'Solicitudes de reserva' }).waitFor()
    await screenshot(operatorJourney.page, 'operator-requests-mobile')
    await operatorJourney.page.goto(`${app.baseUrl}/operador/anfitriones`)
    await operatorJourney.page.getByText('Cancelaciones').first().waitFor()

    expect(journey.pageErrors).toEqual([])
    expect(journey.outsideRequests).toEqual([])
    // Once paid, the checkout's quote of its own nights is refused (they are taken): the only refusal.
    expect(refusals.filter((refusal) => refusal !== 'POST /reservas/cotizar 409')).toEqual([])
    expect(
      guest.pageErrors.filter(
        (error) => !error.startsWith('Failed to load resource: the server responded with a status of 409'),
      ),
    ).toEqual([])
    expect(operatorJourney.pageErrors).toEqual([])
    await Promise.all([journey.context.close(), guest.context.close(), operatorJourney.context.close()])
  })
})
