import { quoteMessages } from '@cabanas/domain/quotes'
import { formatMxn } from '@cabanas/domain/shared'
import { expect } from '@playwright/test'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { readOutboxMails } from '../apps/api/src/features/mail/mail-testing.ts'
import { whenHydrated } from './helpers.ts'

/**
 * A host with a published cabin, made through the API (the editor has its own journey), for the
 * calendar journeys: host-calendar.spec.ts on the shared server, host-calendar-sync.spec.ts on its own.
 */

const PASSWORD = 'calendario-de-la-sierra-2026'

export type Session = { token: string; client: Record<string, unknown> }

/** The app a journey talks to and where it writes its mails. */
export type App = { baseUrl: string; outboxDir: string }

export async function api<T = unknown>(
  app: App,
  method: string,
  path: string,
  { token, body }: { token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${app.baseUrl}${path}`, {
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

async function register(app: App, email: string, firstName: string): Promise<Session> {
  const { data } = await api<{ data: Session }>(app, 'POST', '/auth/register', {
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

export const login = async (app: App, email: string) =>
  (
    await api<{ data: Session }>(app, 'POST', '/auth/login', {
      body: { email, password: PASSWORD, rememberMe: false },
    })
  ).data

/** Five landscape JPEGs over the site's 1,200 × 800, uploaded as the editor would. */
async function uploadPhotos(app: App, token: string): Promise<string[]> {
  const form = new FormData()
  for (const [index, colour] of ['#2f5d3a', '#7a4b2a', '#3b6e8f', '#a0522d', '#556b2f'].entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1000"><rect width="1500" height="1000" fill="${colour}"/><circle cx="${300 + index * 200}" cy="300" r="120" fill="#f5d76e"/></svg>`
    const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer()
    form.append('photo', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `foto-${index + 1}.jpg`)
  }
  const res = await fetch(`${app.baseUrl}/api/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { photos: { id: string }[] }).photos.map((photo) => photo.id)
}

/** Waits for the operator's 'Confirma tu correo' mail and answers its token (the server sends every 300 ms). */
async function confirmationToken(app: App, to: string): Promise<string | undefined> {
  for (let i = 0; i < 240; i++) {
    const mail = (await readOutboxMails(app.outboxDir, to)).find((m) =>
      /Confirma tu correo/i.test(m.subject ?? ''),
    )
    if (mail) return /verificar-correo#token=([\w-]+)/.exec(mail.text ?? '')?.[1]
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no confirmation mail to ${to}`)
}

/**
 * A host (`hostEmail`) with a published cabin `title` in `locality` (weekdays $1,500, weekends $2,000,
 * 2 nights minimum), approved by `operatorEmail` (an address the app's OPERATOR_EMAILS lists, used by
 * no other spec: it registers and confirms its mailbox here).
 */
export async function publishedCabin(
  app: App,
  {
    hostEmail,
    operatorEmail,
    locality,
    title,
  }: { hostEmail: string; operatorEmail: string; locality: string; title: string },
) {
  const registered = await register(app, hostEmail, 'Rodrigo')
  await api(app, 'POST', '/api/hosts/me', {
    token: registered.token,
    body: { displayName: 'Cabañas Don Rodrigo', phone: '3398765432', clabe: '012180012345678909' },
  })
  const host = await login(app, hostEmail)
  const photos = await uploadPhotos(app, host.token)
  const steps = {
    type: { accommodationType: 'Cabaña' },
    location: {
      stateCode: '14',
      municipalityCode: '14059',
      locality,
      pin: { latitude: 19.915, longitude: -103.02 },
      address: { street: 'Camino a la Sierra 12', postalCode: '49500' },
    },
    capacity: { minGuests: 1, maxGuests: 4, bedrooms: 1, beds: 2, bathrooms: 1, bathroomPrivacy: 'private' },
    amenities: { generalFeatures: { wifi: true } },
    photos: { photos: photos.map((id, n) => ({ id, alt: `Vista ${n + 1} de la cabaña` })) },
    description: {
      title,
      description:
        'Cabaña de madera entre pinos, con chimenea y terraza. A diez minutos del pueblo, ideal para un fin de semana tranquilo.',
    },
    prices: { weekdayRate: 1_500_00, weekendRate: 2_000_00 },
    rules: { minNights: 2, petsAllowed: false, smokingAllowed: false, eventsAllowed: false },
    cancellation: { policy: 'free' },
  }
  let { listing } = await api<{ listing: { id: string; version: number; cabinId: string | null } }>(
    app,
    'POST',
    '/api/hosts/me/listings',
    { token: host.token },
  )
  for (const [step, value] of Object.entries(steps)) {
    ;({ listing } = await api(app, 'PUT', `/api/hosts/me/listings/${listing.id}/steps/${step}`, {
      token: host.token,
      body: { value, version: listing.version },
    }))
  }
  await api(app, 'POST', `/api/hosts/me/listings/${listing.id}/submit`, { token: host.token })

  // The operator OPERATOR_EMAILS names confirms its mailbox, then approves.
  const operator = await register(app, operatorEmail, 'Olivia')
  const token = await confirmationToken(app, operatorEmail)
  const verified = await api<{ data: Session }>(app, 'POST', '/auth/verify-email', {
    token: operator.token,
    body: { token },
  })
  // Confirming the mailbox answers a new session (the one the console would keep).
  const approved = await api<{ listing: { cabinId: string } }>(
    app,
    'POST',
    `/api/operator/listings/${listing.id}/approve`,
    { token: verified.data.token },
  )
  return { host, listingId: listing.id, cabinId: approved.listing.cabinId }
}

/** The cabin's booking widget (its sheet on a phone) for a stay: quoting `total`, or refusing the dates. */
export async function widgetSays(
  page: Page,
  app: App,
  { cabinId, title }: { cabinId: string; title: string },
  { checkIn, checkOut }: { checkIn: string; checkOut: string },
  total: number,
): Promise<'quoted' | 'refused'> {
  const stay = new URLSearchParams({ checkIn, checkOut, guests: '2' })
  await page.goto(`${app.baseUrl}/cabin/${cabinId}?${stay}`)
  await page.getByRole('heading', { level: 1, name: title }).waitFor()
  const bar = page.getByRole('region', { name: 'Reserva' })
  await whenHydrated(bar.getByRole('button').first())
  await bar.getByRole('button').first().click()
  const sheet = page.getByRole('dialog', { name: 'Reserva tu estancia' })
  const refused = sheet.getByText(quoteMessages.NOT_AVAILABLE).first()
  const quoted = sheet.getByText(formatMxn(total)).first()
  await Promise.race([refused.waitFor(), quoted.waitFor()])
  return (await refused.isVisible()) ? 'refused' : 'quoted'
}
