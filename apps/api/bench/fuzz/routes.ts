import { destinationSlug } from '@cabanas/domain/pages'
import { addDays, type CalendarDate } from '@cabanas/domain/shared'
import type { Json } from './hostile.ts'
import type { Random } from './random.ts'

/** What the fuzzer knows of the running app: real ids and credentials, so requests get deep. */
export type FuzzContext = {
  today: CalendarDate
  cabins: { id: string; minOccupancy: number; maxOccupancy: number; minNights: number; place: string }[]
  mediaPaths: string[]
  /** Files the static plugin serves from the built SPA (from the live route list). */
  staticFiles: string[]
  /**
   * The fuzz account: `token` for the routes that need a session, `spareToken` for the ones that end
   * it (logout, refresh), so one request does not leave the others without a session. `issued`: every
   * token the run got, which the report never prints.
   */
  session: {
    token: string | null
    spareToken: string | null
    email: string
    password: string
    issued: string[]
  }
  /** A paid reservation to read and change, and one the fuzzer may cancel. */
  reservation: { id: string; accessToken: string } | null
  cancellable: { id: string; accessToken: string } | null
  chargeId: string | null
  sandbox: { merchantId: string; publicKey: string; privateKey: string } | null
  webhook: { user: string; password: string }
  /** Card tokens of the sandbox, for charges that can succeed. */
  cardTokens: string[]
  /** A photo the upload route takes (an 800×533 JPEG made at set-up), or null without sharp. */
  photo: Buffer | null
  /** A listing of the fuzz account, which becomes a host at set-up (null if that failed). */
  listingId: string | null
}

/** How a route is authenticated when the request is well-formed. */
export type AuthKind =
  | 'none'
  | 'session'
  | 'session-ending'
  | 'reservation'
  | 'sandbox-public'
  | 'sandbox-private'
  | 'webhook'

/** A route as the fuzzer knows it: the method and URL Fastify registered, and a well-formed request. */
export type RouteSpec = {
  method: string
  url: string
  auth?: AuthKind
  /** Valid values of the `:params` (and `*`) of the URL. */
  params?: (ctx: FuzzContext, random: Random) => Record<string, string>
  query?: (ctx: FuzzContext, random: Random) => [string, string][]
  body?: (ctx: FuzzContext, random: Random) => Json
  /** Headers a well-formed request carries besides auth (Idempotency-Key). */
  headers?: (ctx: FuzzContext, random: Random) => [string, string][]
  /** A multipart/form-data body instead of JSON (photo uploads); mutate.ts also breaks it in its own ways. */
  multipart?: (ctx: FuzzContext, random: Random) => MultipartBody
}

export type MultipartBody = { contentType: string; body: Buffer }
export type MultipartPart = { name: string; filename?: string; contentType?: string; body: Buffer | string }

/** A multipart/form-data body of these parts; `close: false` leaves out the final boundary. */
export function multipartBody(parts: MultipartPart[], { close = true, boundary = 'fuzzboundary7d3f' } = {}) {
  const chunks = parts.flatMap(({ name, filename, contentType, body }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n${contentType ? `Content-Type: ${contentType}\r\n` : ''}\r\n`,
    ),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from('\r\n'),
  ])
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(chunks) }
}

const uuidOf = (random: Random) =>
  `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-a${random.hex(3)}-${random.hex(12)}`

const FALLBACK_ID = '6f1c2f1e-8a5b-4c1d-9e7f-0a1b2c3d4e5f'

const cabinOf = (ctx: FuzzContext, random: Random) =>
  ctx.cabins.length > 0
    ? random.pick(ctx.cabins)
    : { id: FALLBACK_ID, minOccupancy: 1, maxOccupancy: 4, minNights: 1, place: 'Tapalpa, Jalisco' }

/** The fuzz account's listing, or an id that is nobody's (a 404). */
const listingOf = (ctx: FuzzContext, random: Random) =>
  ctx.listingId && random.chance(0.8) ? ctx.listingId : uuidOf(random)

/** A value for a step: mostly well-formed drafts, sometimes what another step expects. */
function stepValue(step: string, random: Random): Json {
  const values: Record<string, Json> = {
    type: { accommodationType: random.pick(['Cabaña', 'Domo', 'Castillo']) },
    location: { stateCode: '14', municipalityCode: '14059', pin: { latitude: 19.915, longitude: -103.02 } },
    capacity: { minGuests: 1, maxGuests: random.int(1, 60), bedrooms: 1, beds: 2, bathrooms: 1 },
    amenities: { generalFeatures: { wifi: random.chance(0.5) } },
    photos: { photos: [{ id: uuidOf(random), alt: 'Fachada' }] },
    description: { title: 'Cabaña del fuzz en el bosque', description: 'Texto '.repeat(random.int(1, 30)) },
    prices: { weekdayRate: random.pick([0, 100_00, 1_800_00, 1_000_000_000]), weekendRate: 2_000_00 },
    rules: { minNights: random.int(0, 100), petsAllowed: true, smokingAllowed: false, eventsAllowed: false },
    cancellation: { policy: random.pick(['free', 'moderate', 'non_refundable', 'strict']) },
  }
  return values[random.chance(0.9) ? step : random.pick(Object.keys(values))] ?? values.type!
}

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

/** The destination slug of a cabin's place ('Tapalpa, Jalisco' → 'tapalpa-jalisco'). */
function slugOf(ctx: FuzzContext, random: Random): string {
  const [population = '', state = ''] = cabinOf(ctx, random).place.split(', ')
  return destinationSlug(population, state)
}

/** A stay a cabin could take: in the bookable window, at least its minimum stay. */
function stay(ctx: FuzzContext, random: Random, minNights = 1) {
  const checkIn = addDays(ctx.today, random.int(1, 700))
  const nights = Math.max(minNights, random.int(1, 7))
  return { checkIn, checkOut: addDays(checkIn, nights), nights }
}

const guestsFor = (cabin: { minOccupancy: number; maxOccupancy: number }, random: Random) =>
  random.int(cabin.minOccupancy, cabin.maxOccupancy)

const uniqueEmail = (random: Random) => `fuzz-${random.hex(12)}@example.com`

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

const sandboxMerchant = (ctx: FuzzContext) => ({
  merchantId: ctx.sandbox?.merchantId ?? 'mfuzzmerchant000000',
})

/**
 * Every route of the app. A route the live server serves that is missing here fails the run's
 * "route coverage" check: add it here with a well-formed request, and the fuzzer mutates it.
 */
export const ROUTES: RouteSpec[] = [
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
  { method: 'GET', url: '/sandbox/openpay/openpay.v1.js' },
  { method: 'GET', url: '/sandbox/openpay/antifraud/:merchantId/components', params: sandboxMerchant },
  {
    method: 'GET',
    url: '/sandbox/openpay/v1/:merchantId/antifraudkeys',
    auth: 'sandbox-public',
    params: sandboxMerchant,
  },
  {
    method: 'POST',
    url: '/sandbox/openpay/v1/:merchantId/tokens',
    auth: 'sandbox-public',
    params: sandboxMerchant,
    body: (_ctx, random) => ({
      card_number: random.pick([
        '4111111111111111',
        '5555555555554444',
        '4222222222222220',
        '345678000000007',
      ]),
      holder_name: 'ANA RODRIGUEZ',
      expiration_month: String(random.int(1, 12)).padStart(2, '0'),
      expiration_year: String(random.int(27, 35)),
      cvv2: '123',
      ...(random.chance(0.3)
        ? {
            address: {
              line1: 'Av. Juárez 1',
              postal_code: '44100',
              state: 'Jalisco',
              city: 'Guadalajara',
              country_code: 'MX',
            },
          }
        : {}),
    }),
  },
  {
    method: 'POST',
    url: '/sandbox/openpay/v1/:merchantId/charges',
    auth: 'sandbox-private',
    params: sandboxMerchant,
    body: (ctx, random) => ({
      source_id: ctx.cardTokens.length > 0 ? random.pick(ctx.cardTokens) : `k${random.hex(19)}`,
      method: 'card',
      amount: random.int(1, 50_000) + random.pick([0, 0.5, 0.25]),
      currency: 'MXN',
      description: 'Reserva Cabañas MX',
      order_id: `fuzz-${random.hex(16)}`,
      device_session_id: random.hex(32),
      customer: { name: 'Ana', last_name: 'Rodríguez', phone_number: '5512345678', email: 'ana@example.com' },
    }),
  },
  {
    method: 'GET',
    url: '/sandbox/openpay/v1/:merchantId/charges',
    auth: 'sandbox-private',
    params: sandboxMerchant,
    query: (_ctx, random) => [
      ['order_id', `fuzz-${random.hex(16)}`],
      ['offset', String(random.int(0, 20))],
      ['limit', String(random.int(1, 100))],
    ],
  },
  {
    method: 'GET',
    url: '/sandbox/openpay/v1/:merchantId/charges/:chargeId',
    auth: 'sandbox-private',
    params: (ctx, random) => ({ ...sandboxMerchant(ctx), chargeId: ctx.chargeId ?? `tr${random.hex(18)}` }),
  },
  {
    method: 'POST',
    url: '/sandbox/openpay/v1/:merchantId/charges/:chargeId/refund',
    auth: 'sandbox-private',
    params: (ctx, random) => ({ ...sandboxMerchant(ctx), chargeId: ctx.chargeId ?? `tr${random.hex(18)}` }),
    body: (_ctx, random) => ({ amount: random.int(1, 100), description: 'Reembolso' }),
  },
  {
    method: 'POST',
    url: '/auth/register',
    body: (_ctx, random) => ({
      firstName: 'Ana',
      lastName: 'Rodríguez',
      email: uniqueEmail(random),
      password: 'contraseña-fuzz',
      confirmPassword: 'contraseña-fuzz',
      phone: '+52 55 1234 5678',
      acceptTerms: true,
    }),
  },
  {
    method: 'POST',
    url: '/auth/login',
    // The fuzz account with its password, or an unknown account: failed guesses on the fuzz account
    // itself would slow its logins down (per-account throttling) and cost the run its session.
    body: (ctx, random) => ({
      ...(random.chance(0.3)
        ? { email: ctx.session.email, password: ctx.session.password }
        : { email: uniqueEmail(random), password: 'wrong-password' }),
      rememberMe: random.chance(0.5),
    }),
  },
  { method: 'POST', url: '/auth/logout', auth: 'session-ending' },
  { method: 'GET', url: '/auth/check', auth: 'session' },
  { method: 'POST', url: '/auth/refresh', auth: 'session-ending' },
  {
    method: 'PUT',
    url: '/auth/profile',
    auth: 'session',
    body: () => ({ firstName: 'Ana', lastName: 'Rodríguez', phone: '5512345678' }),
  },
  {
    method: 'PUT',
    url: '/auth/preferences',
    auth: 'session',
    body: (_ctx, random) => ({
      notifications: { email: random.chance(0.5), sms: random.chance(0.5) },
      newsletter: random.chance(0.5),
    }),
  },
  {
    method: 'PUT',
    url: '/auth/password',
    auth: 'session',
    // The current password with itself as the new one: refused (same password), so the fuzzer's own
    // session survives; a mutation of one field is refused too (the confirmation no longer matches).
    body: (ctx) => ({
      currentPassword: ctx.session.password,
      newPassword: ctx.session.password,
      confirmPassword: ctx.session.password,
    }),
  },
  {
    method: 'POST',
    url: '/auth/social/:provider',
    params: (_ctx, random) => ({ provider: random.pick(['google', 'facebook']) }),
  },
  { method: 'GET', url: '/auth/reservations', auth: 'session' },
  { method: 'GET', url: '/auth/booking-requests', auth: 'session' },
  // The host profile (issue 21): the fuzz account becomes a host with the first well-formed POST.
  {
    method: 'POST',
    url: '/api/hosts/me',
    auth: 'session',
    body: (_ctx, random) => ({
      displayName: 'Cabañas Fuzz',
      phone: '+52 55 1234 5678',
      clabe: random.pick(['012180012345678909', '072 320 00112233445 5', '646-180-15800001234-7']),
    }),
  },
  { method: 'GET', url: '/api/hosts/me', auth: 'session' },
  {
    method: 'PUT',
    url: '/api/hosts/me',
    auth: 'session',
    body: (_ctx, random) => ({
      displayName: 'Cabañas Fuzz',
      phone: '5512345678',
      ...(random.chance(0.5) ? { clabe: '638180000001234565' } : {}),
    }),
  },
  // Operator-only: the fuzz account is no operator, so this is a 403 (no route grants the role).
  { method: 'GET', url: '/api/operator/hosts', auth: 'session' },
  // Listings (features/listings): the fuzz account's own listing, autosaves with the version it may
  // have (a stale one is a 409), and the operator console, which answers it 403.
  { method: 'GET', url: '/api/hosts/me/listings', auth: 'session' },
  { method: 'POST', url: '/api/hosts/me/listings', auth: 'session' },
  {
    method: 'GET',
    url: '/api/hosts/me/listings/:id',
    auth: 'session',
    params: (ctx, random) => ({ id: listingOf(ctx, random) }),
  },
  {
    method: 'DELETE',
    url: '/api/hosts/me/listings/:id',
    auth: 'session',
    // Never the set-up listing: the other listing routes need it.
    params: (_ctx, random) => ({ id: uuidOf(random) }),
  },
  {
    method: 'PUT',
    url: '/api/hosts/me/listings/:id/steps/:step',
    auth: 'session',
    params: (ctx, random) => ({ id: listingOf(ctx, random), step: random.pick(LISTING_STEP_NAMES) }),
    body: (_ctx, random) => ({
      version: random.int(0, 40),
      value: stepValue(random.pick(LISTING_STEP_NAMES), random),
    }),
  },
  ...['submit', 'pause', 'unpause'].map(
    (action): RouteSpec => ({
      method: 'POST',
      url: `/api/hosts/me/listings/:id/${action}`,
      auth: 'session',
      params: (ctx, random) => ({ id: listingOf(ctx, random) }),
    }),
  ),
  {
    method: 'GET',
    url: '/api/operator/listings',
    auth: 'session',
    query: (_ctx, random) => [['status', random.pick(['submitted', 'published', 'paused', 'all'])]],
  },
  {
    method: 'GET',
    url: '/api/operator/listings/:id',
    auth: 'session',
    params: (ctx, random) => ({ id: listingOf(ctx, random) }),
  },
  ...['approve', 'pause', 'unpause'].map(
    (action): RouteSpec => ({
      method: 'POST',
      url: `/api/operator/listings/:id/${action}`,
      auth: 'session',
      params: (ctx, random) => ({ id: listingOf(ctx, random) }),
    }),
  ),
  {
    method: 'POST',
    url: '/api/operator/listings/:id/return',
    auth: 'session',
    params: (ctx, random) => ({ id: listingOf(ctx, random) }),
    body: () => ({ reason: 'Faltan fotos del baño y de la cocina.' }),
  },
  { method: 'POST', url: '/auth/verify-email', body: (_ctx, random) => ({ token: random.hex(43) }) },
  { method: 'POST', url: '/auth/resend-verification', auth: 'session' },
  {
    method: 'POST',
    url: '/auth/verify-email/take-back',
    body: (_ctx, random) => ({
      token: random.hex(43),
      password: 'contraseña-nueva',
      confirmPassword: 'contraseña-nueva',
    }),
  },
  {
    method: 'POST',
    url: '/auth/email-change',
    auth: 'session',
    // Its own address: refused ("Ese ya es tu correo"), so the fuzzer's account keeps its address.
    body: (ctx) => ({ newEmail: ctx.session.email, currentPassword: ctx.session.password }),
  },
  {
    method: 'POST',
    url: '/auth/forgot-password',
    body: (ctx, random) => ({ email: random.chance(0.5) ? ctx.session.email : uniqueEmail(random) }),
  },
  {
    method: 'POST',
    url: '/auth/reset-password',
    body: (_ctx, random) => ({
      token: random.hex(43),
      password: 'contraseña-nueva',
      confirmPassword: 'contraseña-nueva',
    }),
  },
  {
    method: 'GET',
    url: '/media/*',
    params: (ctx, random) => ({
      '*': (ctx.mediaPaths.length > 0 ? random.pick(ctx.mediaPaths) : '/media/cabins/x/1.webp').replace(
        /^\/media\//,
        '',
      ),
    }),
  },
  {
    // Photo uploads (features/photos): the fuzz account's session, one or two photos, names and types that lie.
    method: 'POST',
    url: '/api/photos',
    auth: 'session',
    multipart: (ctx, random) =>
      multipartBody(
        Array.from({ length: random.int(1, 2) }, () => ({
          name: random.pick(['photos', 'file', 'foto[]']),
          filename: random.pick(['IMG_0001.jpg', 'cabaña ñ.HEIC', '../../etc/passwd', 'foto.png', '']),
          contentType: random.pick(['image/jpeg', 'image/heic', 'application/octet-stream', 'text/html']),
          body: ctx.photo ?? Buffer.from([0xff, 0xd8, 0xff]),
        })),
      ),
  },
  {
    // No stored photo is known at set-up: unknown ids (404) and the names of every served file.
    method: 'GET',
    url: '/media/photos/:id/:file',
    params: (_ctx, random) => ({
      id: uuidOf(random),
      file: random.pick(['1.webp', '1-400.webp', '1-card.webp', '1-800.webp', '1-og.jpg', 'upload.json']),
    }),
  },
  // The public pages, rendered on the server (features/pages), and what search engines read.
  { method: 'GET', url: '/' },
  {
    method: 'GET',
    url: '/results',
    query: (ctx, random) => {
      const { checkIn, checkOut } = stay(ctx, random)
      return [
        ['location', cabinOf(ctx, random).place],
        ['checkIn', checkIn],
        ['checkOut', checkOut],
        ['guests', String(random.int(1, 8))],
      ]
    },
  },
  { method: 'GET', url: '/cabin/:id', params: (ctx, random) => ({ id: cabinOf(ctx, random).id }) },
  { method: 'GET', url: '/cabin/:id/fotos', params: (ctx, random) => ({ id: cabinOf(ctx, random).id }) },
  { method: 'GET', url: '/destinos/:slug', params: (ctx, random) => ({ slug: slugOf(ctx, random) }) },
  { method: 'GET', url: '/terms' },
  { method: 'GET', url: '/privacy' },
  { method: 'GET', url: '/sitemap.xml' },
  { method: 'GET', url: '/sitemap-:page.xml', params: () => ({ page: '1' }) },
  { method: 'GET', url: '/robots.txt' },
  // The API's reference (plugins/openapi.ts): Swagger UI, its copies of the document, its files.
  { method: 'GET', url: '/docs' },
  { method: 'GET', url: '/docs/json' },
  { method: 'GET', url: '/docs/yaml' },
  {
    method: 'GET',
    url: '/docs/static/*',
    params: (_ctx, random) => ({
      '*': random.pick(['swagger-ui.css', 'index.css', 'swagger-initializer.js']),
    }),
  },
]

/** The static files of the built SPA (`/assets/…`, `/favicon.svg`): one family for the report. */
export const STATIC_FILE_ROUTE = 'GET <static file>'
/** Paths no route serves: the not-found handler (JSON 404, or the SPA for browser navigations). */
export const NOT_FOUND_ROUTE = '* <no route>'

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`

export type LiveRoute = { method: string; url: string }

export type Coverage = {
  /** Routes of the live server the fuzzer knows, by key. */
  known: RouteSpec[]
  staticFiles: string[]
  /** Live routes this file does not describe: the "route coverage" check fails on them. */
  unknown: LiveRoute[]
  /** Routes described here that the live server does not serve (not a failure: reported). */
  absent: RouteSpec[]
}

const isStaticFile = (route: LiveRoute) =>
  (route.method === 'GET' || route.method === 'HEAD') &&
  !route.url.includes(':') &&
  !route.url.includes('*') &&
  /\.[a-z0-9]+$/i.test(route.url)

/** Matches the live route list against ROUTES. HEAD twins of GET routes are Fastify's own. */
export function matchRoutes(live: LiveRoute[]): Coverage {
  const liveKeys = new Set(live.map(routeKey))
  const specs = new Map(ROUTES.map((route) => [routeKey(route), route]))
  const known: RouteSpec[] = []
  const staticFiles: string[] = []
  const unknown: LiveRoute[] = []
  for (const route of live) {
    if (route.method === 'HEAD' && liveKeys.has(`GET ${route.url}`)) continue
    const spec = specs.get(routeKey(route))
    if (spec) known.push(spec)
    else if (isStaticFile(route)) {
      if (route.method === 'GET') staticFiles.push(route.url)
    } else unknown.push(route)
  }
  const absent = ROUTES.filter((route) => !liveKeys.has(routeKey(route)))
  return { known, staticFiles, unknown, absent }
}
