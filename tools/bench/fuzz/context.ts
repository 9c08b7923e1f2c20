import { destinationSlug } from '@cabanas/domain/catalog'
import type { CalendarDate } from '@cabanas/domain/shared'
import { addDays } from '@cabanas/domain/shared'
import type { MultipartBody } from '../multipart.ts'
import type { Json } from './hostile.ts'
import type { Random } from './random.ts'

/** A listing of the fuzz host as set-up left it: its id and the version it had then. */
export type FuzzListing = { id: string; version: number }

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
  /**
   * The fuzz account's host side (it becomes a host at set-up; fuzz/setup-hosts.ts): the photos it
   * uploaded, and a listing in each state. Any of them is null when its step of the set-up failed.
   */
  host: {
    photoIds: string[]
    listings: {
      draft: FuzzListing | null
      submitted: FuzzListing | null
      published: FuzzListing | null
      /** Published too, but only autosaves touch it: its version moves with them alone. */
      edited: FuzzListing | null
      /** A draft the DELETE route may remove (once; 404 afterwards). */
      deletable: FuzzListing | null
    }
  }
  /** An operator planted in the database before the server started, and its session. */
  operator: { email: string; password: string; token: string | null } | null
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
  /** The operator's session, sometimes the fuzz host's instead (a 403). */
  | 'operator'

/** A route as the fuzzer knows it: the method and URL Fastify registered, and a well-formed request. */
export type RouteSpec = {
  method: string
  url: string
  auth?: AuthKind
  /** Valid values of the `:params` (and `*`) of the URL. */
  params?: (ctx: FuzzContext, random: Random) => Record<string, string>
  query?: (ctx: FuzzContext, random: Random) => [string, string][]
  /** The body of a request to these `params` (an autosave sends the version of the listing it names). */
  body?: (ctx: FuzzContext, random: Random, params: Record<string, string>) => Json
  /** Headers a well-formed request carries besides auth (Idempotency-Key). */
  headers?: (ctx: FuzzContext, random: Random) => [string, string][]
  /** A multipart/form-data body instead of JSON (photo uploads); mutate.ts also breaks it in its own ways. */
  multipart?: (ctx: FuzzContext, random: Random) => MultipartBody
}

// Helpers the route files share: ids and stays picked from what the fuzzer knows.

export const uuidOf = (random: Random) =>
  `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-a${random.hex(3)}-${random.hex(12)}`

export const FALLBACK_ID = '6f1c2f1e-8a5b-4c1d-9e7f-0a1b2c3d4e5f'

export const cabinOf = (ctx: FuzzContext, random: Random) =>
  ctx.cabins.length > 0
    ? random.pick(ctx.cabins)
    : { id: FALLBACK_ID, minOccupancy: 1, maxOccupancy: 4, minNights: 1, place: 'Tapalpa, Jalisco' }

/** The destination slug of a cabin's place ('Tapalpa, Jalisco' → 'tapalpa-jalisco'). */
export function slugOf(ctx: FuzzContext, random: Random): string {
  const [population = '', state = ''] = cabinOf(ctx, random).place.split(', ')
  return destinationSlug(population, state)
}

/** A stay a cabin could take: in the bookable window, at least its minimum stay. */
export function stay(ctx: FuzzContext, random: Random, minNights = 1) {
  const checkIn = addDays(ctx.today, random.int(1, 700))
  const nights = Math.max(minNights, random.int(1, 7))
  return { checkIn, checkOut: addDays(checkIn, nights), nights }
}

export const guestsFor = (cabin: { minOccupancy: number; maxOccupancy: number }, random: Random) =>
  random.int(cabin.minOccupancy, cabin.maxOccupancy)

export const uniqueEmail = (random: Random) => `fuzz-${random.hex(12)}@example.com`
