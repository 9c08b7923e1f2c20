import type { RouteSpec } from './context.ts'
import { FALLBACK_ID, uuidOf } from './context.ts'
import type { Json } from './hostile.ts'

/**
 * The host's business (issue 22): requests to book (the host's inbox and answers), messages between a
 * guest and a host, the host's reservations with their cancellation and CSV, and the operator's
 * reservations and requests. The fuzz account is the guest of the paid reservation set-up made and a
 * host with no requests, so most ids are unknown (404) or another's: the routes must answer in Spanish,
 * never 500.
 */
const reservationIdOf: NonNullable<RouteSpec['params']> = (ctx, random) => ({
  reservationId: random.chance(0.5) ? (ctx.reservation?.id ?? FALLBACK_ID) : uuidOf(random),
})
const requestIdOf: NonNullable<RouteSpec['params']> = (_ctx, random) => ({
  requestId: random.chance(0.2) ? FALLBACK_ID : uuidOf(random),
})
const threadOf: NonNullable<RouteSpec['params']> = (ctx, random) => ({
  id: random.chance(0.5) ? (ctx.reservation?.id ?? FALLBACK_ID) : uuidOf(random),
})
const messageBody: NonNullable<RouteSpec['body']> = (_ctx, random) => ({
  body: random.pick([
    'Hola, ¿la cabaña tiene chimenea?',
    'Llegamos el 2026-07-10 a las 3 pm.',
    '<b>hola</b> <script>alert(1)</script>',
    'Mi cel es 55 1234 5678',
  ]),
})

const threadRoutes = (prefix: string): RouteSpec[] => [
  { method: 'GET', url: prefix, auth: 'session' },
  ...(['requests', 'reservations'] as const).flatMap((kind): RouteSpec[] => [
    { method: 'GET', url: `${prefix}/${kind}/:id`, auth: 'session', params: threadOf },
    { method: 'POST', url: `${prefix}/${kind}/:id`, auth: 'session', params: threadOf, body: messageBody },
  ]),
]

export const HOST_BUSINESS_ROUTES: RouteSpec[] = [
  // Requests to book (features/bookings/host-requests.routes.ts).
  {
    method: 'GET',
    url: '/api/hosts/me/requests',
    auth: 'session',
    query: (_ctx, random) => [
      ['status', random.pick(['pending', 'accepted', 'declined', 'expired', 'paid'])],
    ],
  },
  { method: 'GET', url: '/api/hosts/me/requests/:requestId', auth: 'session', params: requestIdOf },
  { method: 'POST', url: '/api/hosts/me/requests/:requestId/accept', auth: 'session', params: requestIdOf },
  {
    method: 'POST',
    url: '/api/hosts/me/requests/:requestId/decline',
    auth: 'session',
    params: requestIdOf,
    body: (_ctx, random): Json => (random.chance(0.5) ? { message: 'Lo siento, esas fechas no puedo.' } : {}),
  },
  // Messages (features/messages): the guest's side and the host's.
  ...threadRoutes('/api/messages'),
  ...threadRoutes('/api/hosts/me/messages'),
  // The host's reservations (features/host-reservations) and the operator's console.
  {
    method: 'GET',
    url: '/api/hosts/me/reservations',
    auth: 'session',
    query: (_ctx, random) => [
      ['tab', random.pick(['upcoming', 'past', 'cancelled'])],
      ['page', random.pick(['1', '2'])],
    ],
  },
  {
    method: 'GET',
    url: '/api/hosts/me/reservations/csv',
    auth: 'session',
    query: (_ctx, random) => [['tab', random.pick(['upcoming', 'past', 'cancelled'])]],
  },
  {
    method: 'GET',
    url: '/api/hosts/me/reservations/:reservationId',
    auth: 'session',
    params: reservationIdOf,
  },
  {
    method: 'POST',
    url: '/api/hosts/me/reservations/:reservationId/cancel',
    auth: 'session',
    params: reservationIdOf,
    body: (_ctx, random): Json =>
      random.chance(0.5) ? { reason: 'Una reparación urgente en la cabaña.' } : {},
  },
  {
    method: 'GET',
    url: '/api/operator/reservations',
    auth: 'operator',
    query: (_ctx, random) => [
      ['status', random.pick(['pending', 'active', 'cancelled', 'completed'])],
      ['q', random.pick(['Cabaña', 'Tapalpa', FALLBACK_ID])],
    ],
  },
  {
    method: 'POST',
    url: '/api/operator/reservations/:reservationId/refund',
    auth: 'operator',
    // Never the fuzz guest's own reservation: a refund would end the stay other routes read.
    params: (_ctx, random) => ({ reservationId: uuidOf(random) }),
  },
  {
    method: 'GET',
    url: '/api/operator/booking-requests',
    auth: 'operator',
    query: (_ctx, random) => [['page', random.pick(['1', '2'])]],
  },
]
