import {
  cabinOf,
  FALLBACK_ID,
  type FuzzContext,
  guestsFor,
  type RouteSpec,
  stay,
  uniqueEmail,
} from './context.ts'
import type { Json } from './hostile.ts'
import type { Random } from './random.ts'

const reservationId = (ctx: FuzzContext) => ctx.reservation?.id ?? FALLBACK_ID

function chargeBody(ctx: FuzzContext, random: Random): Json {
  const cabin = cabinOf(ctx, random)
  const { checkIn, checkOut, nights } = stay(ctx, random, cabin.minNights)
  const token = ctx.cardTokens.length > 0 ? random.pick(ctx.cardTokens) : `k${random.hex(19)}`
  return {
    reservationId: cabin.id,
    method: 'card',
    token_id: token,
    device_session_id: random.hex(32),
    customerData: {
      name: 'Ana',
      last_name: 'Rodríguez',
      phone_number: '5512345678',
      email: 'ana.fuzz@example.com',
    },
    reservationData: {
      cabinId: cabin.id,
      cabinName: 'Cabaña',
      checkIn,
      checkOut,
      guests: guestsFor(cabin, random),
      nights,
      location: cabin.place,
      maxOccupancy: cabin.maxOccupancy,
      pricing: { basePrice: 100_000, totalPrice: 120_000, serviceFee: 0, taxes: 0 },
      guestInfo: {
        firstName: 'Ana',
        lastName: 'Rodríguez',
        email: 'ana.fuzz@example.com',
        phone: '5512345678',
        specialRequests: 'Llegamos tarde.\nGracias.',
      },
    },
    clienteWebId: 'web',
  }
}

/** Requests to book, trip pages, cancelling, the charge and the provider's webhook (features/bookings, payments). */
export const BOOKING_ROUTES: RouteSpec[] = [
  {
    method: 'POST',
    url: '/api/bookings',
    body: (ctx, random) => {
      const cabin = cabinOf(ctx, random)
      const { checkIn, checkOut } = stay(ctx, random, cabin.minNights)
      return {
        cabinId: cabin.id,
        checkIn,
        checkOut,
        guests: guestsFor(cabin, random),
        fullName: 'Ana Rodríguez',
        email: uniqueEmail(random),
        phone: '+52 55 1234 5678',
      }
    },
  },
  {
    method: 'GET',
    url: '/api/bookings/:id',
    auth: 'reservation',
    params: (ctx) => ({ id: reservationId(ctx) }),
  },
  {
    method: 'PUT',
    url: '/api/bookings/:id',
    auth: 'reservation',
    params: (ctx) => ({ id: reservationId(ctx) }),
    body: (_ctx, random) => ({
      email: 'ana.nueva@example.com',
      phone: '5587654321',
      specialRequests: random.pick(['', 'Cuna, por favor.', 'Línea 1\nLínea 2\tcon tabulador']),
    }),
  },
  {
    method: 'GET',
    url: '/api/bookings/:id/calendar.ics',
    auth: 'reservation',
    params: (ctx) => ({ id: reservationId(ctx) }),
  },
  {
    // Anyone may ask for a new trip link: no secret, and the answer is the same whatever the address.
    method: 'POST',
    url: '/api/bookings/:id/link',
    params: (ctx) => ({ id: reservationId(ctx) }),
    body: (ctx, random) => ({ email: random.chance(0.5) ? ctx.session.email : uniqueEmail(random) }),
  },
  {
    method: 'POST',
    url: '/api/bookings/:id/cancel',
    auth: 'reservation',
    params: (ctx) => ({ id: ctx.cancellable?.id ?? reservationId(ctx) }),
  },
  {
    method: 'POST',
    url: '/payments/charge',
    body: chargeBody,
    headers: (_ctx, random) => (random.chance(0.5) ? [['Idempotency-Key', `fuzz-${random.hex(24)}`]] : []),
  },
  {
    method: 'POST',
    url: '/webhooks/openpay',
    auth: 'webhook',
    body: (ctx, random): Json =>
      random.chance(0.2)
        ? { type: 'verification', verification_code: random.hex(8) }
        : {
            type: random.pick(['charge.succeeded', 'charge.failed', 'charge.cancelled', 'charge.refunded']),
            event_date: new Date().toISOString(),
            transaction: {
              id: random.chance(0.5) && ctx.chargeId ? ctx.chargeId : `tr${random.hex(18)}`,
              status: random.pick(['completed', 'failed', 'in_progress', 'cancelled']),
            },
          },
  },
]
