/**
 * Issue 21: who may call each host and operator route. Every cell is a request by one actor with a
 * fresh world (so a cell cannot pass thanks to another's rows) and asserts the exact status; any 2xx
 * answer is also searched for the owner host's data, which only the owner (and an operator, on
 * operator routes) may read, and for the owner's full CLABE, which nobody ever reads.
 *
 * A new host or operator route is one more entry in MATRIX. Host routes live under /api/hosts and
 * operator routes under /api/operator; the last test fails when one of those is missing here.
 */

import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cabinBlocks,
  cabinCalendarFeeds,
  hostProfiles,
  listings,
  operators,
  threadMessages,
} from '../db/schema.ts'
import { approveListing, setListingPaused } from '../features/listings/listings.service.ts'
import { OPENAPI_PATH } from '../plugins/openapi.ts'
import { buildTestApp } from './build-test-app.ts'
import { insertBookingRequest, insertClient, insertReservation } from './factories.ts'
import { must } from './must.ts'
import { addressSequence, sessionFor } from './session-test-kit.ts'

const ACTORS = ['anonymous', 'guest', 'otherHost', 'owner', 'operator'] as const
type Actor = (typeof ACTORS)[number]

type Json = Record<string, unknown>
/** The state of the owner's listing a route is called on (its `:id`). */
type PlantedListing = 'draft' | 'submitted' | 'published' | 'paused'
type MatrixRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /**
   * As Fastify registers it: `:id` is the owner's planted listing, `:step` its type step, `:blockId` the
   * block planted in its cabin's calendar, `:feedId` the calendar it imports.
   */
  url: string
  /** A query string sent with it. */
  query?: string
  /** The owner's listing planted in the world, in this state. */
  listing?: PlantedListing
  body?: Json | ((listing: { version: number }) => Json)
  /** The exact status each actor gets. */
  expect: Record<Actor, number>
  /** Who may see the owner's data in a 2xx answer (besides nobody). */
  mayReadOwner: Actor[]
  /** What the owner's 2xx answer carries instead of the listing's title (the calendar's answers). */
  ownerAnswer?: string
  /** A paid stay of May 2026 in the owner's published cabin (the payouts' routes); 'upcoming': of July 2026. */
  stay?: true | 'upcoming'
  /**
   * Threads of the guest in the owner's published cabin, a paid reservation and a request, each with a
   * message (the messages' routes): `:id` is this one's id instead of the listing's.
   */
  thread?: 'reservation' | 'request'
  /** A paid stay arriving on the test app's today (2026-06-01) in the owner's published cabin ('Hoy'). */
  arrivalToday?: true
  /** A pending request to book for the owner's published cabin (`:requestId`). */
  request?: true
}

/** The owner host's data, planted in every world. */
const OWNER = { displayName: 'Cabañas Doña Lupe', phone: '+523398765432', clabe: '072320001122334455' }
const OTHER = { displayName: 'Refugio del Otro', phone: '+525511112222', clabe: '012180012345678909' }

const profileBody = { displayName: 'Mi Cabaña Nueva', phone: '5544443333', clabe: '646180158000012347' }

/** The owner's listing: its title is the owner's data a listing answer carries. */
const OWNER_LISTING_TITLE = 'Refugio de Doña Lupe junto al lago'
function ownerListingDraft() {
  return {
    type: { accommodationType: 'Cabaña' },
    location: {
      stateCode: '14',
      municipalityCode: '14059',
      pin: { latitude: 19.915, longitude: -103.02 },
      address: { street: 'Camino al Lago 7', postalCode: '49500' },
    },
    capacity: { minGuests: 1, maxGuests: 4, bedrooms: 1, beds: 2, bathrooms: 1, bathroomPrivacy: 'private' },
    amenities: { generalFeatures: { wifi: true } },
    photos: { photos: Array.from({ length: 5 }, () => ({ id: randomUUID() })) },
    description: {
      title: OWNER_LISTING_TITLE,
      description:
        'Refugio de madera junto al lago, con muelle propio, chimenea y vista a la sierra. Ideal para descansar.',
    },
    prices: { weekdayRate: 1_500_00, weekendRate: 2_000_00 },
    rules: { minNights: 1, petsAllowed: false, smokingAllowed: false, eventsAllowed: false },
    cancellation: { policy: 'free' },
  } as const
}

/** The private note of the block planted in the owner's published cabin. */
const OWNER_BLOCK_NOTE = 'Nota privada de Doña Lupe'

/** The message the guest wrote in each planted thread. */
const PLANTED_MESSAGE = 'Hola, ¿la cabaña tiene chimenea?'
/** The planted request's guest (the answers carry the first name only). */
const REQUEST_GUEST_FIRST_NAME = 'Marisol'

/** The planted stay: $3,360 paid, $360 of service fee, so $3,000 for its host. */
const PLANTED_STAY_HOST_AMOUNT = 3_000_00

const hostOnly = { anonymous: 401, guest: 403, otherHost: 404, owner: 200, operator: 403 }
const operatorOnly = { anonymous: 401, guest: 403, otherHost: 403, owner: 403, operator: 200 }

export const MATRIX: MatrixRoute[] = [
  {
    method: 'POST',
    url: '/api/hosts/me',
    body: profileBody,
    expect: { anonymous: 401, guest: 201, otherHost: 409, owner: 409, operator: 201 },
    mayReadOwner: [],
  },
  {
    method: 'GET',
    url: '/api/hosts/me',
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
  },
  {
    method: 'PUT',
    url: '/api/hosts/me',
    body: { displayName: 'Nombre Cambiado', phone: '5544443333' },
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
  },
  {
    method: 'GET',
    url: '/api/operator/hosts',
    expect: { anonymous: 401, guest: 403, otherHost: 403, owner: 403, operator: 200 },
    mayReadOwner: ['operator'],
  },
  // Listings (features/listings): the host's own, and the operator console's.
  {
    method: 'GET',
    url: '/api/hosts/me/listings',
    listing: 'draft',
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings',
    expect: { anonymous: 401, guest: 403, otherHost: 201, owner: 201, operator: 403 },
    mayReadOwner: [],
  },
  {
    method: 'GET',
    url: '/api/hosts/me/listings/:id',
    listing: 'draft',
    expect: hostOnly,
    mayReadOwner: ['owner'],
  },
  {
    method: 'DELETE',
    url: '/api/hosts/me/listings/:id',
    listing: 'draft',
    expect: { ...hostOnly, owner: 204 },
    mayReadOwner: ['owner'],
  },
  {
    method: 'PUT',
    url: '/api/hosts/me/listings/:id/steps/:step',
    listing: 'draft',
    body: (listing) => ({ version: listing.version, value: { accommodationType: 'Domo' } }),
    expect: hostOnly,
    mayReadOwner: ['owner'],
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/submit',
    listing: 'draft',
    expect: hostOnly,
    mayReadOwner: ['owner'],
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/pause',
    listing: 'published',
    expect: hostOnly,
    mayReadOwner: ['owner'],
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/unpause',
    listing: 'paused',
    expect: hostOnly,
    mayReadOwner: ['owner'],
  },
  // The calendar of a published cabin (features/calendar): its host's only.
  {
    method: 'GET',
    url: '/api/hosts/me/listings/:id/calendar',
    query: 'from=2026-08-30&to=2026-10-04',
    listing: 'published',
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: OWNER_BLOCK_NOTE,
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/calendar/blocks',
    listing: 'published',
    body: { startsOn: '2026-07-10', endsOn: '2026-07-12', note: 'Boda' },
    expect: { ...hostOnly, owner: 201 },
    mayReadOwner: ['owner'],
    ownerAnswer: '"note":"Boda"',
  },
  {
    method: 'DELETE',
    url: '/api/hosts/me/listings/:id/calendar/blocks/:blockId',
    listing: 'published',
    expect: { ...hostOnly, owner: 204 },
    mayReadOwner: ['owner'],
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/calendar/unblock',
    listing: 'paused',
    body: { startsOn: '2026-09-01', endsOn: '2026-09-02' },
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: '{"nights":1}',
  },
  {
    method: 'PUT',
    url: '/api/hosts/me/listings/:id/calendar/night-prices',
    listing: 'published',
    body: { startsOn: '2026-07-10', endsOn: '2026-07-12', nightlyRate: 2_000_00 },
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: '{"nights":2}',
  },
  {
    method: 'DELETE',
    url: '/api/hosts/me/listings/:id/calendar/night-prices',
    query: 'startsOn=2026-07-10&endsOn=2026-07-12',
    listing: 'published',
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: '{"nights":0}',
  },
  // Calendar sync (features/calendar, issue 22): the export address and imported calendars.
  {
    method: 'GET',
    url: '/api/hosts/me/listings/:id/calendar/sync',
    listing: 'published',
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: '"exportUrl"',
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/calendar/export',
    listing: 'published',
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: '"exportUrl"',
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/calendar/feeds',
    listing: 'paused',
    body: { name: 'Airbnb', url: 'https://www.airbnb.mx/calendar/ical/1.ics' },
    expect: { ...hostOnly, owner: 201 },
    mayReadOwner: ['owner'],
    ownerAnswer: '"name":"Airbnb"',
  },
  {
    method: 'DELETE',
    url: '/api/hosts/me/listings/:id/calendar/feeds/:feedId',
    listing: 'published',
    expect: { ...hostOnly, owner: 204 },
    mayReadOwner: ['owner'],
  },
  // Payouts (features/payouts): the host's report, and the operator console's months owed.
  {
    method: 'GET',
    url: '/api/hosts/me/payouts',
    listing: 'published',
    stay: true,
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
    ownerAnswer: `"hostAmount":${PLANTED_STAY_HOST_AMOUNT}`,
  },
  {
    method: 'GET',
    url: '/api/hosts/me/payouts/:month',
    listing: 'published',
    stay: true,
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
  },
  {
    method: 'GET',
    url: '/api/hosts/me/payouts/:month/csv',
    listing: 'published',
    stay: true,
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
  },
  {
    method: 'GET',
    url: '/api/operator/payouts',
    listing: 'published',
    stay: true,
    expect: operatorOnly,
    mayReadOwner: ['operator'],
    ownerAnswer: OWNER.displayName,
  },
  {
    method: 'POST',
    url: '/api/operator/payouts/:hostId/:month/transfer',
    listing: 'published',
    stay: true,
    body: { amount: PLANTED_STAY_HOST_AMOUNT },
    expect: operatorOnly,
    mayReadOwner: ['operator'],
    ownerAnswer: OWNER.displayName,
  },
  {
    method: 'POST',
    url: '/api/operator/payouts/:hostId/:month/mark-paid',
    listing: 'published',
    stay: true,
    body: { amount: PLANTED_STAY_HOST_AMOUNT, reference: 'SPEI 0001234' },
    expect: operatorOnly,
    mayReadOwner: ['operator'],
    ownerAnswer: OWNER.displayName,
  },
  // Messages (features/messages): the host's side of the threads of their cabins.
  {
    method: 'GET',
    url: '/api/hosts/me/messages',
    listing: 'published',
    thread: 'reservation',
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
    ownerAnswer: PLANTED_MESSAGE,
  },
  ...(['reservation', 'request'] as const).flatMap((thread): MatrixRoute[] => [
    {
      method: 'GET',
      url: `/api/hosts/me/messages/${thread}s/:id`,
      listing: 'published',
      thread,
      expect: hostOnly,
      mayReadOwner: ['owner'],
      ownerAnswer: PLANTED_MESSAGE,
    },
    {
      method: 'POST',
      url: `/api/hosts/me/messages/${thread}s/:id`,
      listing: 'published',
      thread,
      body: { body: 'Con gusto, los esperamos.' },
      expect: { ...hostOnly, owner: 201 },
      mayReadOwner: ['owner'],
      ownerAnswer: 'Con gusto, los esperamos.',
    },
  ]),
  // 'Hoy' (features/hosts, issue 22): the host's home, over the host's own cabins only.
  {
    method: 'GET',
    url: '/api/hosts/me/today',
    listing: 'published',
    arrivalToday: true,
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
    ownerAnswer: `"cabinName":"${OWNER_LISTING_TITLE}"`,
  },
  // Requests to book (features/bookings, issue 22): the host's inbox and answers.
  {
    method: 'GET',
    url: '/api/hosts/me/requests',
    listing: 'published',
    request: true,
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
    ownerAnswer: `"guestFirstName":"${REQUEST_GUEST_FIRST_NAME}"`,
  },
  {
    method: 'GET',
    url: '/api/hosts/me/requests/:requestId',
    listing: 'published',
    request: true,
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: `"guestFirstName":"${REQUEST_GUEST_FIRST_NAME}"`,
  },
  {
    method: 'POST',
    url: '/api/hosts/me/requests/:requestId/accept',
    listing: 'published',
    request: true,
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: '"status":"accepted"',
  },
  {
    method: 'POST',
    url: '/api/hosts/me/requests/:requestId/decline',
    listing: 'published',
    request: true,
    body: { message: 'Lo siento' },
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: '"status":"declined"',
  },
  {
    method: 'GET',
    url: '/api/operator/listings',
    listing: 'submitted',
    expect: operatorOnly,
    mayReadOwner: ['operator'],
  },
  {
    method: 'GET',
    url: '/api/operator/listings/:id',
    listing: 'draft',
    expect: operatorOnly,
    mayReadOwner: ['operator'],
  },
  {
    method: 'POST',
    url: '/api/operator/listings/:id/approve',
    listing: 'submitted',
    expect: operatorOnly,
    mayReadOwner: ['operator'],
  },
  {
    method: 'POST',
    url: '/api/operator/listings/:id/return',
    listing: 'submitted',
    body: { reason: 'Las fotos no muestran la cabaña por dentro.' },
    expect: operatorOnly,
    mayReadOwner: ['operator'],
  },
  {
    method: 'POST',
    url: '/api/operator/listings/:id/pause',
    listing: 'published',
    expect: operatorOnly,
    mayReadOwner: ['operator'],
  },
  {
    method: 'POST',
    url: '/api/operator/listings/:id/unpause',
    listing: 'paused',
    expect: operatorOnly,
    mayReadOwner: ['operator'],
  },
  // Host reservations (features/host-reservations): the host's list, detail, CSV and cancellation, and
  // the operator console's reservations, refunds and requests to book. `:reservationId` is the stay.
  {
    method: 'GET',
    url: '/api/hosts/me/reservations',
    listing: 'published',
    stay: 'upcoming',
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
    ownerAnswer: `"hostAmount":${PLANTED_STAY_HOST_AMOUNT}`,
  },
  {
    method: 'GET',
    url: '/api/hosts/me/reservations/csv',
    listing: 'published',
    stay: 'upcoming',
    expect: { anonymous: 401, guest: 403, otherHost: 200, owner: 200, operator: 403 },
    mayReadOwner: ['owner'],
    ownerAnswer: '3000.00',
  },
  {
    method: 'GET',
    url: '/api/hosts/me/reservations/:reservationId',
    listing: 'published',
    stay: 'upcoming',
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: `"hostAmount":${PLANTED_STAY_HOST_AMOUNT}`,
  },
  {
    method: 'POST',
    url: '/api/hosts/me/reservations/:reservationId/cancel',
    listing: 'published',
    stay: 'upcoming',
    body: { reason: 'Mantenimiento' },
    expect: hostOnly,
    mayReadOwner: ['owner'],
    ownerAnswer: '"cancelledBy":"host"',
  },
  {
    method: 'GET',
    url: '/api/operator/reservations',
    listing: 'published',
    stay: 'upcoming',
    expect: operatorOnly,
    mayReadOwner: ['operator'],
    ownerAnswer: OWNER.displayName,
  },
  {
    method: 'POST',
    url: '/api/operator/reservations/:reservationId/refund',
    listing: 'published',
    stay: 'upcoming',
    expect: operatorOnly,
    mayReadOwner: ['operator'],
    ownerAnswer: '"cancelledBy":"operator"',
  },
  {
    method: 'GET',
    url: '/api/operator/booking-requests',
    listing: 'published',
    expect: operatorOnly,
    mayReadOwner: ['operator'],
    ownerAnswer: '"requests":[',
  },
]

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
  // 'Pagar por transferencia' reaches the app's own Openpay sandbox over HTTP.
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => ctx.close())

const tokenFor = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())

/** Each request from an address of its own: the per-address write limit is not what this file tests. */
const nextAddress = addressSequence('10.1')

/** A host with its profile, through the API (so its CLABE is sealed as in real life). */
async function insertHost(profile: typeof OWNER) {
  const client = await insertClient(ctx.db)
  const token = await tokenFor(client.id)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/hosts/me',
    headers: { authorization: `Bearer ${token}` },
    payload: profile,
    remoteAddress: nextAddress(),
  })
  expect(res.statusCode).toBe(201)
  return { client, token }
}

/** The owner's listing in `state`, written as the routes would leave it. */
async function plantListing(hostId: string, operatorId: string, state: PlantedListing) {
  const [row] = await ctx.db
    .insert(listings)
    .values({
      hostId,
      draft: ownerListingDraft(),
      version: 9,
      ...(state === 'draft' ? {} : { status: 'submitted' as const, submittedAt: new Date() }),
    })
    .returning()
  if (state === 'draft' || state === 'submitted') return { ...must(row, 'row'), blockId: null, feedId: null }
  const actor = { clientId: operatorId, role: 'operator' as const }
  const published = await approveListing(ctx.db, { id: must(row, 'row').id, actor })
  // Its calendar holds a block with the owner's private note.
  const [block] = await ctx.db
    .insert(cabinBlocks)
    .values({
      cabinId: must(published.cabinId, 'published.cabinId'),
      startsOn: '2026-09-01',
      endsOn: '2026-09-03',
      note: OWNER_BLOCK_NOTE,
    })
    .returning({ id: cabinBlocks.id })
  // And an imported calendar.
  const [feed] = await ctx.db
    .insert(cabinCalendarFeeds)
    .values({
      cabinId: must(published.cabinId, 'published.cabinId'),
      name: 'Booking',
      url: 'https://booking.example/owner.ics',
    })
    .returning({ id: cabinCalendarFeeds.id })
  const planted = { ...published, blockId: must(block, 'block').id, feedId: must(feed, 'feed').id }
  if (state === 'published') return planted
  return {
    ...(await setListingPaused(ctx.db, { id: must(row, 'row').id, hostId: null, paused: true, actor })),
    blockId: must(block, 'block').id,
    feedId: must(feed, 'feed').id,
  }
}

/**
 * A fresh world: the owner host (with its listing in `listing` state), another host, a guest and an
 * operator, each with a session.
 */
async function buildWorld({
  listing,
  stay,
  thread,
  arrivalToday,
  request,
}: Pick<MatrixRoute, 'listing' | 'stay' | 'thread' | 'arrivalToday' | 'request'>) {
  const owner = await insertHost(OWNER)
  const otherHost = await insertHost(OTHER)
  const guest = await insertClient(ctx.db)
  const operator = await insertClient(ctx.db, { isEmailVerified: true })
  await ctx.db.insert(operators).values({ clientId: operator.id, grantedBy: 'command' })
  const tokens: Record<Actor, string | null> = {
    anonymous: null,
    guest: await tokenFor(guest.id),
    otherHost: otherHost.token,
    owner: owner.token,
    operator: await tokenFor(operator.id),
  }
  const planted = listing ? await plantListing(owner.client.id, operator.id, listing) : null
  const reservation =
    stay && planted?.cabinId
      ? await insertReservation(ctx.db, {
          cabinId: planted.cabinId,
          ...(stay === 'upcoming'
            ? { checkIn: '2026-07-10', checkOut: '2026-07-12' }
            : { checkIn: '2026-05-10', checkOut: '2026-05-12' }),
        })
      : null
  if (arrivalToday && planted?.cabinId) {
    await insertReservation(ctx.db, { cabinId: planted.cabinId, checkIn: '2026-06-01' })
  }
  const threads = thread && planted?.cabinId ? await plantThreads(planted.cabinId, guest.id) : null
  const plantedRequest =
    request && planted?.cabinId
      ? await insertBookingRequest(ctx.db, {
          cabinId: planted.cabinId,
          checkIn: '2026-07-20',
          fullName: `${REQUEST_GUEST_FIRST_NAME} Peña`,
          createdAt: ctx.clock.now(),
        })
      : null
  return Object.assign(tokens, {
    listing: planted,
    ownerId: owner.client.id,
    threads,
    requestId: plantedRequest?.id,
    reservationId: reservation?.id,
  })
}

/** A paid reservation and a request of the guest in the owner's cabin, each with the guest's message. */
async function plantThreads(cabinId: string, guestId: string) {
  const reservation = await insertReservation(ctx.db, { cabinId, clientId: guestId, checkIn: '2026-08-10' })
  const request = await insertBookingRequest(ctx.db, { cabinId, clientId: guestId, checkIn: '2026-09-10' })
  await ctx.db.insert(threadMessages).values([
    { reservationId: reservation.id, senderRole: 'guest', senderId: guestId, body: PLANTED_MESSAGE },
    { bookingRequestId: request.id, senderRole: 'guest', senderId: guestId, body: PLANTED_MESSAGE },
  ])
  return { reservation: reservation.id, request: request.id }
}

const cells = MATRIX.flatMap((route) => ACTORS.map((actor) => [route, actor] as const))

describe('authorization matrix', () => {
  it.each(cells.map(([route, actor]) => [`${route.method} ${route.url}`, actor, route.expect[actor], route]))(
    '%s as %s → %i',
    async (_name, actor, status, route) => {
      const world = await buildWorld(route)
      const token = world[actor]
      const path = route.url
        .replace(':id', (route.thread ? world.threads?.[route.thread] : world.listing?.id) ?? ':id')
        .replace(':step', 'type')
        .replace(':blockId', world.listing?.blockId ?? ':blockId')
        .replace(':feedId', world.listing?.feedId ?? ':feedId')
        .replace(':hostId', world.ownerId)
        .replace(':reservationId', world.reservationId ?? ':reservationId')
        .replace(':month', '2026-05')
        .replace(':requestId', world.requestId ?? ':requestId')
      const url = route.query ? `${path}?${route.query}` : path
      const body =
        typeof route.body === 'function' ? route.body(must(world.listing, 'world.listing')) : route.body
      const res = await ctx.app.inject({
        method: route.method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body ? { payload: body } : {}),
        remoteAddress: nextAddress(),
      })
      expect(res.statusCode).toBe(status)
      // Never the full CLABE of anyone, whatever the answer.
      expect(res.body).not.toContain(OWNER.clabe)
      expect(res.body).not.toContain(OTHER.clabe)
      expect(res.body).not.toContain(profileBody.clabe)
      if (status >= 400) {
        expect(res.json()).toMatchObject({ success: false, errorType: expect.any(String) })
        expect(res.json().message).toMatch(/[áéíóúñ]|sesión|permiso|anfitri|anuncio/i)
      } else if (!route.mayReadOwner.includes(actor)) {
        expect(res.body).not.toContain(OWNER.displayName)
        expect(res.body).not.toContain(OWNER.phone)
        expect(res.body).not.toContain(`"clabeLast4":"${OWNER.clabe.slice(-4)}"`)
        expect(res.body).not.toContain(OWNER_LISTING_TITLE)
        expect(res.body).not.toContain(OWNER_BLOCK_NOTE)
      } else if (status === 204) {
        expect(res.body).toBe('')
      } else if (route.ownerAnswer) {
        expect(res.body).toContain(route.ownerAnswer)
      } else if (route.listing) {
        // The owner's listing, and never its CLABE.
        expect(res.body).toContain(OWNER_LISTING_TITLE)
      } else {
        // The owner's own profile (an edit may have renamed it): found by its masked CLABE.
        expect(res.body).toContain(`"clabeLast4":"${OWNER.clabe.slice(-4)}"`)
      }
    },
  )

  it('covers every host and operator route the app serves', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH })
    const document = res.json() as { paths: Record<string, Record<string, unknown>> }
    const served = Object.entries(document.paths).flatMap(([path, methods]) =>
      /^\/api\/(hosts|operator)(\/|$)/.test(path)
        ? Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)
        : [],
    )
    const covered = MATRIX.map((route) => `${route.method} ${route.url}`)
    expect(served.length).toBeGreaterThan(0)
    expect(served.filter((route) => !covered.includes(route))).toEqual([])
  })
})

describe('a revoked role', () => {
  it('ends with the next request of the same session: operator', async () => {
    const world = await buildWorld({})
    const get = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/operator/hosts',
        headers: { authorization: `Bearer ${world.operator}` },
      })
    expect((await get()).statusCode).toBe(200)
    await ctx.db.delete(operators)
    expect((await get()).statusCode).toBe(403)
  })

  it('ends with the next request of the same session: host', async () => {
    const owner = await insertHost(OWNER)
    const get = () =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/hosts/me',
        headers: { authorization: `Bearer ${owner.token}` },
      })
    expect((await get()).statusCode).toBe(200)
    await ctx.db.delete(hostProfiles)
    expect((await get()).statusCode).toBe(403)
  })
})
