import { readFileSync } from 'node:fs'
import { addDays, dayOfWeek, formatMxn, SPANISH_MONTH_NAMES } from '@cabanas/domain/shared'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { type AppServer, startApp } from './app-server.ts'
import { fillCheckout } from './checkout.ts'
import { openJourney, screenshot } from './fixtures.ts'
import { daysFromToday, horizontalOverflow } from './helpers.ts'
import { type App, login, publishedCabin, type Session } from './host-cabin.ts'
import { must } from './must.ts'

/**
 * Issue 22, payouts end to end: a guest books and pays a host's published cabin; the host sees the
 * arrival on 'Hoy'; the stay ends and its month closes (this spec's own app, started again with its
 * clock moved to the next month: shifted-clock.mjs, as the abuse suite does); the operator pays the host
 * through the sandbox from /operador/pagos; the host reads the month at /anfitrion/pagos, what the guest
 * paid minus the service fee, and downloads its CSV, whose total says the same.
 */

const suffix = Math.random().toString(36).slice(2, 7)
const TITLE = `Cabaña Los Pagos ${suffix}`
const HOST_EMAIL = `anfitrion.pagos.${suffix}@ejemplo.mx`
const OPERATOR_EMAIL = 'operador.pagos.e2e@cabanas.mx'
const HOST_NAME = 'Cabañas Don Rodrigo'
const SHIFTED_CLOCK = new URL('../tools/bench/abuse/shifted-clock.mjs', import.meta.url).href
/** publishedCabin's rates: $1,500 a night Sunday to Thursday, $2,000 on Friday and Saturday. */
const nightRate = (night: string) => (dayOfWeek(night) >= 5 ? 2_000_00 : 1_500_00)
/** The guest's service fee: 12 % of the nights, on top (the host's amount is the nights). */
const SERVICE_FEE_RATE = 0.12

let app: AppServer

test.beforeAll(async () => {
  app = await startApp({ OPERATOR_EMAILS: OPERATOR_EMAIL })
})
test.afterAll(async () => {
  await app?.stop()
})

async function signedIn(browser: Browser, session: Session, viewport: { width: number; height: number }) {
  const journey = await openJourney(browser, { ...viewport, appUrl: app.baseUrl })
  await journey.context.addInitScript((stored) => {
    localStorage.setItem('auth_token', stored.token)
    localStorage.setItem('auth_user', JSON.stringify(stored.client))
  }, session)
  return journey
}

async function checkBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 375, height: 812 })
  await screenshot(page, `${name}-mobile`)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 1366, height: 900 })
  await screenshot(page, `${name}-1366`)
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
}

/** The first day of the month after `date`'s, at noon in Mexico City (18:00 UTC). */
function firstOfNextMonth(date: string): { day: string; instant: Date } {
  const [year, month] = date.split('-').map(Number) as [number, number]
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
  return { day: next, instant: new Date(`${next}T18:00:00Z`) }
}

test.describe('payouts, end to end', () => {
  test('the guest pays, the operator pays the host, and the host’s report and CSV match what the guest paid', async ({
    browser,
  }) => {
    const served: App = app
    const { host, cabinId } = await publishedCabin(served, {
      hostEmail: HOST_EMAIL,
      operatorEmail: OPERATOR_EMAIL,
      locality: `Rancho Los Pagos ${suffix}`,
      title: TITLE,
    })

    // Tomorrow for 2 nights (an arrival today is refused after 15:00).
    const checkIn = daysFromToday(1)
    const checkOut = addDays(checkIn, 2)
    const nights = nightRate(checkIn) + nightRate(addDays(checkIn, 1))
    const guestPaid = nights + Math.round(nights * SERVICE_FEE_RATE)
    const hostAmount = nights

    // The guest books and pays with the sandbox's good card.
    const guest = await openJourney(browser, { width: 1280, height: 900, appUrl: app.baseUrl })
    const stay = new URLSearchParams({ cabin: cabinId, checkIn, checkOut, guests: '2' })
    await guest.page.goto(`${app.baseUrl}/checkout?${stay}`)
    await guest.page.getByRole('heading', { name: 'Confirmar y pagar' }).waitFor()
    await fillCheckout(guest.page, '4111 1111 1111 1111', `huesped.pagos.${suffix}@ejemplo.mx`)
    await guest.page.getByRole('button', { name: `Confirmar y pagar - ${formatMxn(guestPaid)}` }).click()
    await guest.page.waitForURL(/\/confirmation$/)
    await guest.page.getByText('¡Reserva confirmada!').waitFor()
    // (The checkout's own console is book-a-cabin.spec.ts's concern: here a 409 of its charge retry
    // may show while the payment settles.)
    expect(guest.outsideRequests).toEqual([])
    await guest.context.close()

    // 'Hoy': the host sees tomorrow's arrival, first name only.
    const today = await signedIn(browser, host, { width: 375, height: 812 })
    await today.page.goto(`${app.baseUrl}/anfitrion/hoy`)
    await today.page.getByRole('heading', { level: 1, name: 'Hoy' }).waitFor()
    const arrivals = today.page.getByRole('region', { name: /^Llegadas/ })
    await arrivals.getByText('Ana', { exact: true }).waitFor()
    await arrivals.getByText(TITLE).waitFor()
    await arrivals.getByText('Mañana').waitFor()
    await today.page
      .getByRole('region', { name: /^Reservas recientes/ })
      .getByText(formatMxn(guestPaid))
      .waitFor()
    await checkBothWidths(today.page, 'host-today')
    expect(today.pageErrors).toEqual([])
    expect(today.outsideRequests).toEqual([])
    await today.context.close()

    // The stay ends and its month closes: the same app, its clock on the first of the next month.
    const closed = firstOfNextMonth(checkOut)
    await app.restart({
      NODE_OPTIONS: `--import=${SHIFTED_CLOCK}`,
      ABUSE_CLOCK_SHIFT_MS: String(closed.instant.getTime() - Date.now()),
    })
    const [year, month] = checkOut.split('-').map(Number) as [number, number]
    const monthName = `${SPANISH_MONTH_NAMES[month - 1]} de ${year}`

    // The operator pays the host's month by transfer, through the sandbox.
    const operator = await signedIn(browser, await login(served, OPERATOR_EMAIL), {
      width: 1280,
      height: 900,
    })
    await operator.page.goto(`${app.baseUrl}/operador/pagos`)
    const pay = operator.page.getByRole('button', {
      name: `Pagar por transferencia a ${HOST_NAME}, ${monthName}`,
    })
    await pay.click()
    await operator.page.getByRole('button', { name: `Transferir ${formatMxn(hostAmount)}` }).click()
    await operator.page.getByText('Transferencia enviada al anfitrión').waitFor()
    expect(operator.pageErrors).toEqual([])
    await operator.context.close()

    // The host reads the month, paid, and downloads its CSV.
    const report = await signedIn(browser, await login(served, HOST_EMAIL), { width: 375, height: 812 })
    await report.page.goto(`${app.baseUrl}/anfitrion/pagos`)
    const card = report.page
      .getByRole('article')
      .filter({ has: report.page.getByRole('heading', { name: monthName }) })
    await card.getByText('Pagado', { exact: true }).waitFor()
    await card.getByText(formatMxn(guestPaid), { exact: true }).waitFor()
    await card.getByText(formatMxn(-(guestPaid - hostAmount)), { exact: true }).waitFor()
    await card.getByText(formatMxn(hostAmount), { exact: true }).first().waitFor()
    await checkBothWidths(report.page, 'host-payouts')

    const [download] = await Promise.all([
      report.page.waitForEvent('download'),
      card.getByRole('button', { name: `Descargar CSV de ${monthName}` }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`pagos-cabanas-mx-${checkOut.slice(0, 7)}.csv`)
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')
    const rows = csv
      .trim()
      .split('\r\n')
      .map((row) => row.split(','))
    const header = must(rows[0], 'the header of the CSV')
    const column = (name: string) => header.indexOf(name)
    const total = must(
      rows.find((row) => row[1] === 'Total'),
      'the Total row of the CSV',
    )
    const stays = rows.filter((row) => row[1] === 'Estancia')
    expect(stays).toHaveLength(1)
    expect(must(stays[0], 'the stay of the CSV')[column('Cabaña')]).toBe(TITLE)
    const pesos = (centavos: number) => (centavos / 100).toFixed(2)
    expect(total[column('Pagado por el huésped (MXN)')]).toBe(pesos(guestPaid))
    expect(total[column('Tarifa de servicio (MXN)')]).toBe(pesos(guestPaid - hostAmount))
    expect(total[column('Para el anfitrión (MXN)')]).toBe(pesos(hostAmount))
    expect(report.pageErrors).toEqual([])
    expect(report.outsideRequests).toEqual([])
    await report.context.close()
  })
})
