import type { FuzzContext, FuzzListing, RouteSpec } from './context.ts'
import { uuidOf } from './context.ts'
import type { Json } from './hostile.ts'
import type { Random } from './random.ts'

const LISTING_STEP_NAMES = [
  'type',
  'location',
  'capacity',
  'amenities',
  'photos',
  'description',
  'prices',
  'rules',
  'cancellation',
]

type State = keyof FuzzContext['host']['listings']

/** One of the fuzz host's listings in one of `states` (80 %), else an id that is nobody's (a 404). */
function listingIn(ctx: FuzzContext, random: Random, states: State[]): FuzzListing | null {
  const known = states.map((state) => ctx.host.listings[state]).filter((l): l is FuzzListing => l !== null)
  return known.length > 0 && random.chance(0.8) ? random.pick(known) : null
}
const idIn = (states: State[]) => (ctx: FuzzContext, random: Random) => ({
  id: listingIn(ctx, random, states)?.id ?? uuidOf(random),
})
const ALL: State[] = ['draft', 'submitted', 'published', 'edited']

/**
 * The photos step as the editor sends it after the host reorders or removes photos (there is no photo
 * route of its own for either): the uploaded ids shuffled, sometimes fewer of them, sometimes one that
 * is nobody's. A published listing refuses fewer than five.
 */
function photosValue(ctx: FuzzContext, random: Random): Json {
  const ids = [...ctx.host.photoIds]
  for (let i = ids.length - 1; i > 0; i--) {
    const j = random.int(0, i)
    const [at, other] = [ids[i], ids[j]]
    if (at === undefined || other === undefined) throw new Error('a shuffle index is inside the list')
    ids[i] = other
    ids[j] = at
  }
  const kept = random.chance(0.6) ? ids : ids.slice(0, random.int(0, ids.length))
  if (random.chance(0.15)) kept.push(uuidOf(random))
  return { photos: kept.map((id, n) => ({ id, alt: `Vista ${n + 1} de la cabaña` })) }
}

/** A value for a step: mostly well-formed drafts (a price edit among them), sometimes another step's. */
function stepValue(ctx: FuzzContext, step: string, random: Random): Json {
  const type = () => ({ accommodationType: random.pick(['Cabaña', 'Domo', 'Castillo']) })
  const values: Record<string, () => Json> = {
    type,
    location: () => ({
      stateCode: '14',
      municipalityCode: '14059',
      pin: { latitude: 19.915, longitude: -103.02 },
      address: { street: 'Camino a la Sierra del Tigre 12', postalCode: '49500' },
    }),
    capacity: () => ({
      minGuests: 1,
      maxGuests: random.int(1, 60),
      bedrooms: 1,
      beds: 2,
      bathrooms: 1,
      bathroomPrivacy: 'private',
    }),
    amenities: () => ({ generalFeatures: { wifi: random.chance(0.5) } }),
    photos: () => photosValue(ctx, random),
    description: () => ({
      title: random.pick(['Cabaña del fuzz en el bosque', 'Cabaña El Pinar con chimenea']),
      description: 'Cabaña de madera entre pinos, con chimenea, terraza y asador. '.repeat(random.int(1, 30)),
    }),
    prices: () => ({
      weekdayRate: random.pick([0, 100_00, 1_800_00, 2_150_00, 100_000_00, 1_000_000_000]),
      weekendRate: random.pick([2_000_00, 2_400_00]),
    }),
    rules: () => ({
      minNights: random.int(0, 100),
      petsAllowed: true,
      smokingAllowed: false,
      eventsAllowed: false,
    }),
    cancellation: () => ({ policy: random.pick(['free', 'moderate', 'non_refundable', 'strict']) }),
  }
  return (values[random.chance(0.9) ? step : random.pick(Object.keys(values))] ?? type)()
}

/**
 * The version a save to this listing sends: mostly the one set-up left or a few above (each stored
 * save adds one, so the first saves of a run are stored and later ones are mostly 409s), else any.
 */
function versionFor(ctx: FuzzContext, id: string | undefined, random: Random): number {
  const listing = Object.values(ctx.host.listings).find((known) => known?.id === id)
  if (!listing || random.chance(0.1)) return random.int(0, 1000)
  return listing.version + (random.chance(0.5) ? 0 : random.int(1, 3))
}

/**
 * Listings (features/listings): the fuzz host's listings in each state, autosaves (photos reordered and
 * removed, prices edited), submissions, pauses and deletions; and the operator console, as the operator.
 */
export const LISTING_ROUTES: RouteSpec[] = [
  { method: 'GET', url: '/api/hosts/me/listings', auth: 'session' },
  { method: 'POST', url: '/api/hosts/me/listings', auth: 'session' },
  { method: 'GET', url: '/api/hosts/me/listings/:id', auth: 'session', params: idIn(ALL) },
  {
    // The deletable draft once (204), then 404; a submitted or published listing is a 409. Never the
    // draft the other routes need.
    method: 'DELETE',
    url: '/api/hosts/me/listings/:id',
    auth: 'session',
    params: idIn(['deletable', 'submitted', 'published']),
  },
  {
    method: 'PUT',
    url: '/api/hosts/me/listings/:id/steps/:step',
    auth: 'session',
    params: (ctx, random) => {
      // Drafts and published listings take saves; the submitted one is read-only (409).
      const listing = listingIn(ctx, random, ['draft', 'edited', 'edited', 'edited', 'submitted'])
      return { id: listing?.id ?? uuidOf(random), step: random.pick(LISTING_STEP_NAMES) }
    },
    body: (ctx, random, params) => ({
      version: versionFor(ctx, params.id, random),
      value: stepValue(ctx, params.step ?? 'type', random),
    }),
  },
  { method: 'POST', url: '/api/hosts/me/listings/:id/submit', auth: 'session', params: idIn(ALL) },
  ...['pause', 'unpause'].map(
    (action): RouteSpec => ({
      method: 'POST',
      url: `/api/hosts/me/listings/:id/${action}`,
      auth: 'session',
      params: idIn(['published', 'published', 'draft']),
    }),
  ),
  {
    method: 'GET',
    url: '/api/operator/listings',
    auth: 'operator',
    query: (_ctx, random) => [['status', random.pick(['submitted', 'published', 'paused', 'all'])]],
  },
  { method: 'GET', url: '/api/operator/listings/:id', auth: 'operator', params: idIn(ALL) },
  // The submitted listing is approved (or returned) once; after that these are 409s.
  {
    method: 'POST',
    url: '/api/operator/listings/:id/approve',
    auth: 'operator',
    params: idIn(['submitted', 'submitted', 'draft', 'published']),
  },
  ...['pause', 'unpause'].map(
    (action): RouteSpec => ({
      method: 'POST',
      url: `/api/operator/listings/:id/${action}`,
      auth: 'operator',
      params: idIn(['published', 'published', 'submitted']),
    }),
  ),
  {
    method: 'POST',
    url: '/api/operator/listings/:id/return',
    auth: 'operator',
    params: idIn(['submitted', 'submitted', 'draft', 'published']),
    body: (_ctx, random) => ({
      reason: random.pick([
        'Faltan fotos del baño y de la cocina.',
        'La dirección no coincide con el pin.\nRevísala.',
      ]),
    }),
  },
]
