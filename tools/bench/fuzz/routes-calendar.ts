import { addDays } from '@cabanas/domain/shared'
import type { FuzzContext, RouteSpec } from './context.ts'
import { uuidOf } from './context.ts'
import type { Json } from './hostile.ts'
import type { Random } from './random.ts'

/**
 * The host's calendar (features/calendar): one of the fuzz host's listings (the published ones have a
 * cabin and a calendar; a draft answers 409), else an id that is nobody's (404).
 */
function listingId(ctx: FuzzContext, random: Random): string {
  const { published, edited, draft } = ctx.host.listings
  const known = [published, edited, edited, draft].filter((listing) => listing !== null)
  return known.length > 0 && random.chance(0.85) ? random.pick(known).id : uuidOf(random)
}

/** Nights from the past (refused) to beyond what a guest can book (refused), mostly within. */
function nights(ctx: FuzzContext, random: Random): { startsOn: string; endsOn: string } {
  const startsOn = addDays(ctx.today, random.int(-30, 800))
  return { startsOn, endsOn: addDays(startsOn, random.int(-2, 40)) }
}

const params = (ctx: FuzzContext, random: Random) => ({ id: listingId(ctx, random) })
const range = (ctx: FuzzContext, random: Random): Json => nights(ctx, random)

export const CALENDAR_ROUTES: RouteSpec[] = [
  {
    method: 'GET',
    url: '/api/hosts/me/listings/:id/calendar',
    auth: 'session',
    params,
    query: (ctx, random) => {
      const from = addDays(ctx.today, random.int(-40, 760))
      return [
        ['from', from],
        ['to', addDays(from, random.int(-5, 120))],
      ]
    },
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/calendar/blocks',
    auth: 'session',
    params,
    body: (ctx, random) => ({
      ...nights(ctx, random),
      note: random.pick(['Mantenimiento de la chimenea', 'Familia\nde visita', '']),
    }),
  },
  {
    // No block id is known to the fuzzer: a uuid that is no block (404) or not a uuid at all.
    method: 'DELETE',
    url: '/api/hosts/me/listings/:id/calendar/blocks/:blockId',
    auth: 'session',
    params: (ctx, random) => ({ id: listingId(ctx, random), blockId: uuidOf(random) }),
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/calendar/unblock',
    auth: 'session',
    params,
    body: range,
  },
  {
    method: 'PUT',
    url: '/api/hosts/me/listings/:id/calendar/night-prices',
    auth: 'session',
    params,
    body: (ctx, random) => ({
      ...nights(ctx, random),
      nightlyRate: random.pick([0, 100_00, 1_950_00, 2_400_50, 100_000_00, 1_000_000_000]),
    }),
  },
  {
    method: 'DELETE',
    url: '/api/hosts/me/listings/:id/calendar/night-prices',
    auth: 'session',
    params,
    query: (ctx, random) => {
      const { startsOn, endsOn } = nights(ctx, random)
      return [
        ['startsOn', startsOn],
        ['endsOn', endsOn],
      ]
    },
  },
  // Calendar sync (issue 22): the export address and imported calendars. The calendars' addresses are
  // on .invalid (never resolves), so a poll during the run reads nothing.
  {
    method: 'GET',
    url: '/api/hosts/me/listings/:id/calendar/sync',
    auth: 'session',
    params,
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/calendar/export',
    auth: 'session',
    params,
  },
  {
    method: 'POST',
    url: '/api/hosts/me/listings/:id/calendar/feeds',
    auth: 'session',
    params,
    body: (_ctx, random) => ({
      name: random.pick(['Airbnb', 'Booking.com', 'Vrbo', '']),
      url: random.pick([
        `https://calendario.invalid/${random.hex(8)}.ics`,
        'webcal://calendario.invalid/a.ics',
        'http://127.0.0.1/a.ics',
      ]),
    }),
  },
  {
    // No feed id is known to the fuzzer: a uuid that is no feed (404) or not a uuid at all.
    method: 'DELETE',
    url: '/api/hosts/me/listings/:id/calendar/feeds/:feedId',
    auth: 'session',
    params: (ctx, random) => ({ id: listingId(ctx, random), feedId: uuidOf(random) }),
  },
  {
    // The public export: a token that is nobody's (404), with or without its extension.
    method: 'GET',
    url: '/api/calendars/:file',
    auth: 'none',
    params: (_ctx, random) => ({ file: `${random.hex(32)}${random.pick(['.ics', ''])}` }),
  },
]
