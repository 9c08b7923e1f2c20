import { quoteMessages } from '@cabanas/domain/quotes'
import { dayOfWeek, formatMxn } from '@cabanas/domain/shared'
import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { fillCheckout } from './checkout.ts'
import { baseUrl, launchBrowser, openJourney, screenshot } from './fixtures.ts'
import { dayName, daysFromToday, horizontalOverflow, pickDay, whenHydrated } from './helpers.ts'
import { mailTo } from './mail.ts'

/**
 * Issue 21, point 6, on a phone: the host of a published cabin blocks a weekend in its calendar; the
 * cabin's booking widget refuses those dates and a search for them no longer offers the cabin;
 * unblocking brings both back. The cabin is made through the API (the editor has its own journey).
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser.close())

const PHONE = { width: 375, height: 812 }
const PASSWORD = 'calendario-de-la-sierra-2026'
const suffix = Math.random().toString(36).slice(2, 7)
/** A town no other cabin is in: a search there can only find this one. */
const LOCALITY = `Rancho El Calendario ${suffix}`
const TITLE = `Cabaña Las Veredas ${suffix}`

type Session = { token: string; client: Record<string, unknown> }

async function api<T = unknown>(
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return (text ? JSON.parse(text) : null) as T
}

async function register(email: string, firstName: string): Promise<Session> {
  const { data } = await api<{ data: Session }>('POST', '/auth/register', {
    body: {
      firstName,
      lastName: 'Prueba',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    },
  })
  return data
}

const login = async (email: string) =>
  (
    await api<{ data: Session }>('POST', '/auth/login', {
      body: { email, password: PASSWORD, rememberMe: false },
    })
  ).data

/** Five landscape JPEGs over the site's 1,200 × 800, uploaded as the editor would. */
async function uploadPhotos(token: string): Promise<string[]> {
  const form = new FormData()
  for (const [index, colour] of ['#2f5d3a', '#7a4b2a', '#3b6e8f', '#a0522d', '#556b2f'].entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1000"><rect width="1500" height="1000" fill="${colour}"/><circle cx="${300 + index * 200}" cy="300" r="120" fill="#f5d76e"/></svg>`
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `foto-${index + 1}.jpg`)
  }
  const res = await fetch(`${baseUrl()}/api/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { photos: { id: string }[] }).photos.map((photo) => photo.id)
}

/** A host with a published cabin in LOCALITY (weekdays $1,500, weekends $2,000, 2 nights minimum). */
async function publishedCabin() {
  const hostEmail = `anfitrion.calendario.${suffix}@ejemplo.mx`
  const registered = await register(hostEmail, 'Rodrigo')
  await api('POST', '/api/hosts/me', {
    token: registered.token,
    body: { displayName: 'Cabañas Don Rodrigo', phone: '3398765432', clabe: '012180012345678909' },
  })
  const host = await login(hostEmail)
  const photos = await uploadPhotos(host.token)
  const steps = {
    type: { accommodationType: 'Cabaña' },
    location: {
      stateCode: '14',
      municipalityCode: '14059',
      locality: LOCALITY,
      pin: { latitude: 19.915, longitude: -103.02 },
      address: { street: 'Camino a la Sierra 12', postalCode: '49500' },
    },
    capacity: { minGuests: 1, maxGuests: 4, bedrooms: 1, beds: 2, bathrooms: 1, bathroomPrivacy: 'private' },
    amenities: { generalFeatures: { wifi: true } },
    photos: { photos: photos.map((id, n) => ({ id, alt: `Vista ${n + 1} de la cabaña` })) },
    description: {
      title: TITLE,
      description:
        'Cabaña de madera entre pinos, con chimenea y terraza. A diez minutos del pueblo, ideal para un fin de semana tranquilo.',
    },
    prices: { weekdayRate: 1_500_00, weekendRate: 2_000_00 },
    rules: { minNights: 2, petsAllowed: false, smokingAllowed: false, eventsAllowed: false },
    cancellation: { policy: 'free' },
  }
  let { listing } = await api<{ listing: { id: string; version: number; cabinId: string | null } }>(
    'POST',
    '/api/hosts/me/listings',
    { token: host.token },
  )
  for (const [step, value] of Object.entries(steps)) {
    ;({ listing } = await api('PUT', `/api/hosts/me/listings/${listing.id}/steps/${step}`, {
      token: host.token,
      body: { value, version: listing.version },
    }))
  }
  await api('POST', `/api/hosts/me/listings/${listing.id}/submit`, { token: host.token })

  // The operator OPERATOR_EMAILS names confirms its mailbox, then approves.
  const operatorEmail = inject('calendarOperatorEmail')
  const operator = await register(operatorEmail, 'Olivia')
  const mail = await mailTo(operatorEmail, /Confirma tu correo/i)
  const token = /verificar-correo#token=([\w-]+)/.exec(mail.text ?? '')?.[1]
  const verified = await api<{ data: Session }>('POST', '/auth/verify-email', {
    token: operator.token,
    body: { token },
  })
  // Confirming the mailbox answers a new session (the one the console would keep).
  const approved = await api<{ listing: { cabinId: string } }>(
    'POST',
    `/api/operator/listings/${listing.id}/approve`,
    { token: verified.data.token },
  )
  return { host, listingId: listing.id, cabinId: approved.listing.cabinId }
}

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
  const stay = new URLSearchParams({ checkIn: friday, checkOut: sunday, guests: '2' })
  await page.goto(`${baseUrl()}/cabin/${cabinId}?${stay}`)
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor()
  const bar = page.getByRole('region', { name: 'Reserva' })
  await whenHydrated(bar.getByRole('button').first())
  await bar.getByRole('button').first().click()
  const sheet = page.getByRole('dialog', { name: 'Reserva tu estancia' })
  const refused = sheet.getByText(quoteMessages.NOT_AVAILABLE).first()
  const quoted = sheet.getByText(formatMxn(total)).first()
  await Promise.race([refused.waitFor(), quoted.waitFor()])
  const widget = (await refused.isVisible()) ? 'refused' : 'quoted'
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

describe('the host’s calendar on a phone', () => {
  it('blocks a weekend: the widget and search stop offering it; unblocking brings it back', async () => {
    const { host, cabinId } = await publishedCabin()
    const { blocked: dates, booked } = weekends()
    const total = 2 * 2_000_00 + Math.round(2 * 2_000_00 * 0.12)

    // Search offers a published cabin within a second (its read model's bound; the quote asks the database).
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const guest = await openJourney(browser, PHONE)
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
    expect(guest.pageErrors).toEqual([])
    await journey.context.close()
    await guest.context.close()
  })
})
