import { dayOfWeek } from '@cabanas/domain/shared'
import { expect, type Page, test } from '@playwright/test'
import { fillCheckout } from './checkout.ts'
import { baseUrl, openJourney, outboxDir, screenshot } from './fixtures.ts'
import { dayName, daysFromToday, horizontalOverflow, pickDay } from './helpers.ts'
import { publishedCabin, widgetSays } from './host-cabin.ts'
import { CALENDAR_OPERATOR_EMAIL, operatorForAttempt } from './operators.ts'

/**
 * Issue 21, point 6, on a phone: the host of a published cabin blocks a weekend in its calendar; the
 * cabin's booking widget refuses those dates and a search for them no longer offers the cabin;
 * unblocking brings both back. The cabin is made through the API (the editor has its own journey).
 */

const PHONE = { width: 375, height: 812 }
const suffix = Math.random().toString(36).slice(2, 7)
/** A town no other cabin is in: a search there can only find this one. */
const LOCALITY = `Rancho El Calendario ${suffix}`
const TITLE = `Cabaña Las Veredas ${suffix}`

const app = () => ({ baseUrl: baseUrl(), outboxDir: outboxDir() })

type Weekend = { friday: string; saturday: string; sunday: string }

/** The weekend to block (Friday to Sunday, four weeks ahead at least) and the one before it. */
function weekends(): { blocked: Weekend; booked: Weekend } {
  for (let days = 28; ; days++) {
    if (dayOfWeek(daysFromToday(days)) !== 5) continue
    const at = (from: number) => ({
      friday: daysFromToday(from),
      saturday: daysFromToday(from + 1),
      sunday: daysFromToday(from + 2),
    })
    return { blocked: at(days), booked: at(days - 7) }
  }
}

/** A guest pays for the weekend through the checkout, as Ana. */
async function book(page: Page, cabinId: string, { friday, sunday }: Weekend) {
  const stay = new URLSearchParams({ cabin: cabinId, checkIn: friday, checkOut: sunday, guests: '2' })
  await page.goto(`${baseUrl()}/checkout?${stay}`)
  await page.getByRole('heading', { name: 'Confirmar y pagar' }).waitFor()
  await fillCheckout(page, '4111 1111 1111 1111', `ana.calendario.${suffix}@ejemplo.mx`)
  await page.getByRole('button', { name: /^Confirmar y pagar - / }).click()
  await page.waitForURL(/\/confirmation$/)
  await page.getByText('¡Reserva confirmada!').waitFor()
}

/**
 * What a guest sees of the weekend: the cabin's booking widget (its sheet on a phone) quoting `total` or
 * refusing the dates, and whether a search of the town for those dates offers the cabin.
 */
async function guestSees(
  page: Page,
  cabinId: string,
  { friday, sunday }: { friday: string; sunday: string },
  total: number,
) {
  const widget = await widgetSays(
    page,
    app(),
    { cabinId, title: TITLE },
    { checkIn: friday, checkOut: sunday },
    total,
  )
  await page.goto(
    `${baseUrl()}/results?${new URLSearchParams({ location: LOCALITY, checkIn: friday, checkOut: sunday, guests: '2' })}`,
  )
  const card = page.getByTestId('cabin-card').filter({ hasText: TITLE })
  await Promise.race([card.waitFor(), page.getByText('No se encontraron cabañas').waitFor()])
  return { widget, inSearch: (await card.count()) > 0 }
}

async function pickWeekend(page: Page, { friday, saturday }: { friday: string; saturday: string }) {
  await pickDay(page, friday, page.getByRole('main'))
  await pickDay(page, saturday, page.getByRole('main'))
  return page.getByRole('dialog', { name: '2 noches' })
}

test.describe('the host’s calendar on a phone', () => {
  test('blocks a weekend: the widget and search stop offering it; unblocking brings it back', async ({
    browser,
  }, testInfo) => {
    const { host, cabinId } = await publishedCabin(app(), {
      hostEmail: `anfitrion.calendario.${suffix}@ejemplo.mx`,
      operatorEmail: operatorForAttempt(CALENDAR_OPERATOR_EMAIL, testInfo.retry),
      locality: LOCALITY,
      title: TITLE,
    })
    const { blocked: dates, booked } = weekends()
    const total = 2 * 2_000_00 + Math.round(2 * 2_000_00 * 0.12)

    // Search offers a published cabin within a second (its read model's bound; the quote asks the database).
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const guest = await openJourney(browser, PHONE)
    // The guest's answers over 399, by request: a refused quote of the blocked weekend is the one expected.
    const refusals: string[] = []
    guest.page.on('response', (response) => {
      if (response.status() < 400) return
      const { pathname } = new URL(response.url())
      refusals.push(`${response.request().method()} ${pathname} ${response.status()}`)
    })
    expect(await guestSees(guest.page, cabinId, dates, total)).toEqual({ widget: 'quoted', inSearch: true })
    await book(guest.page, cabinId, booked)

    // The host opens the calendar from 'Mis cabañas', signed in on an earlier visit.
    const journey = await openJourney(browser, PHONE)
    const { page } = journey
    await journey.context.addInitScript((session) => {
      localStorage.setItem('auth_token', session.token)
      localStorage.setItem('auth_user', JSON.stringify(session.client))
    }, host)
    await page.goto(`${baseUrl()}/anfitrion/cabanas`)
    await page.getByRole('heading', { level: 1, name: 'Mis cabañas' }).waitFor()
    await page.getByRole('link', { name: `Calendario de ${TITLE}` }).click()
    await page.getByRole('heading', { level: 1, name: 'Calendario' }).waitFor()
    await page.getByText(TITLE).waitFor()

    // Ana's weekend shows her first name, and cannot be blocked.
    const anas = await pickWeekend(page, booked)
    await anas.getByText('Reservada por Ana').waitFor()
    expect(await anas.getByRole('button', { name: 'Bloquear noches' }).count()).toBe(0)
    await anas.getByRole('button', { name: 'Cerrar' }).click()
    const friday = page.getByRole('button', { name: dayName(booked.friday) }).first()
    expect(await friday.getAttribute('aria-label')).toContain('reservada por Ana')
    await screenshot(page, 'host-calendar-mobile')

    const sheet = await pickWeekend(page, dates)
    await sheet.getByLabel('Nota privada (opcional)').fill('Fin de semana con la familia')
    await screenshot(page, 'host-calendar-sheet-mobile')
    await sheet.getByRole('button', { name: 'Bloquear noches' }).click()
    await page.getByRole('status').getByText('Listo: 2 noches bloqueadas.').waitFor()
    await page.getByText('Fin de semana con la familia').first().waitFor()
    await screenshot(page, 'host-calendar-blocked-mobile')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await page.getByRole('heading', { name: 'Este mes' }).scrollIntoViewIfNeeded()
    await screenshot(page, 'host-calendar-agenda-mobile')
    await page.setViewportSize({ width: 1366, height: 900 })
    await screenshot(page, 'host-calendar-blocked-1366')
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0)
    await page.setViewportSize(PHONE)

    // Within a second every process has it (one process here): the guest is refused and not offered it.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(await guestSees(guest.page, cabinId, dates, total)).toEqual({ widget: 'refused', inSearch: false })
    await screenshot(guest.page, 'guest-search-blocked-weekend-mobile')

    // Unblocked: offered again at its price.
    const again = await pickWeekend(page, dates)
    await again.getByRole('button', { name: 'Desbloquear noches' }).click()
    await page.getByRole('status').getByText('Listo: 2 noches desbloqueadas.').waitFor()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(await guestSees(guest.page, cabinId, dates, total)).toEqual({ widget: 'quoted', inSearch: true })

    expect(journey.pageErrors).toEqual([])
    expect(journey.outsideRequests).toEqual([])
    // Chromium logs each refused request as a console error, without its address: those are checked by
    // request above; any other error fails.
    expect(refusals.filter((refusal) => refusal !== 'POST /reservas/cotizar 409')).toEqual([])
    expect(
      guest.pageErrors.filter(
        (error) => !error.startsWith('Failed to load resource: the server responded with a status of 409'),
      ),
    ).toEqual([])
    await journey.context.close()
    await guest.context.close()
  })
})
