import { cabinOf, guestsFor, type RouteSpec, slugOf, stay } from './context.ts'

/** Health, the catalogue, destinations, search, quotes and availability (features/catalog, search, quotes, availability). */
export const CATALOG_ROUTES: RouteSpec[] = [
  { method: 'GET', url: '/health' },
  { method: 'GET', url: '/health/live' },
  {
    method: 'GET',
    url: '/habitaciones',
    query: (_ctx, random) => [
      ['limit', String(random.int(1, 500))],
      ['offset', String(random.int(0, 200))],
    ],
  },
  { method: 'GET', url: '/habitaciones/:id', params: (ctx, random) => ({ id: cabinOf(ctx, random).id }) },
  { method: 'GET', url: '/api/destinations' },
  { method: 'GET', url: '/api/destinations/:slug', params: (ctx, random) => ({ slug: slugOf(ctx, random) }) },
  { method: 'GET', url: '/api/app-config' },
  {
    method: 'GET',
    url: '/cotizar/search',
    query: (ctx, random) => {
      const { checkIn, checkOut } = stay(ctx, random)
      const pairs: [string, string][] = [
        ['location', cabinOf(ctx, random).place],
        ['checkIn', checkIn],
        ['checkOut', checkOut],
        ['guests', String(random.int(1, 8))],
      ]
      if (random.chance(0.5)) pairs.push(['bedrooms', String(random.int(0, 4))])
      if (random.chance(0.5)) pairs.push(['amenities', random.pick(['wifi', 'wifi,heating', 'freeParking'])])
      return pairs
    },
  },
  {
    method: 'POST',
    url: '/reservas/cotizar',
    body: (ctx, random) => {
      const cabin = cabinOf(ctx, random)
      const { checkIn, checkOut } = stay(ctx, random, cabin.minNights)
      return { habitacionId: cabin.id, checkIn, checkOut, guests: guestsFor(cabin, random) }
    },
  },
  {
    method: 'POST',
    url: '/api/availability/check',
    body: (ctx, random) => {
      const cabin = cabinOf(ctx, random)
      const { checkIn, checkOut } = stay(ctx, random, cabin.minNights)
      return { cabinId: cabin.id, checkIn, checkOut }
    },
  },
  {
    method: 'GET',
    url: '/api/availability/date-range',
    query: (ctx, random) => {
      const { checkIn, checkOut } = stay(ctx, random)
      return [
        ['checkIn', checkIn],
        ['checkOut', checkOut],
      ]
    },
  },
  {
    method: 'GET',
    url: '/api/availability/cabin/:id',
    params: (ctx, random) => ({ id: cabinOf(ctx, random).id }),
  },
]
