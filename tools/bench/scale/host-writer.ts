import { CALENDAR_API } from '@cabanas/domain/calendar'
import { LISTING_API, LISTING_STEPS } from '@cabanas/domain/listings'
import { addDays, calendarDateIn, requireValue } from '@cabanas/domain/shared'
import { loadConfig } from '../../../apps/api/src/config.ts'
import { createPhotoStorage } from '../../../apps/api/src/features/photos/photo-storage.ts'
import { completeListing, plantPhotos } from '../../../apps/api/src/test/listing-fixtures.ts'
import type { Account } from '../accounts.ts'
import { pickWith } from '../seeded.ts'
import type { WriterPart } from './writer.ts'

/*
 * Hosts in bench:scale: published listings made through the real host API (hosts sign in, become
 * hosts, fill in and submit a listing; an operator approves it), and the writer's part that edits
 * their nightly prices through the same API the listing editor autosaves with.
 */

export const SCALE_PASSWORD = 'clave-de-escala-2026'
export const scaleOperator: Account = { email: 'operador@escala.example', password: SCALE_PASSWORD }
export const scaleHosts = (count: number): Account[] =>
  Array.from({ length: count }, (_, i) => ({
    email: `anfitrion-${i + 1}@escala.example`,
    password: SCALE_PASSWORD,
  }))

type Prices = ReturnType<typeof completeListing>['prices']

/** A published listing as the price writer keeps it: its host's session and the version it last saw. */
export type HostListing = {
  id: string
  cabinId: string
  version: number
  authorization: string
  prices: Prices
  /** The weekday rate of the last stored edit (centavos), null before any. */
  lastRate: number | null
  /** The nights the calendar part blocked last and has not unblocked yet ([start, end)). */
  blocked: { startsOn: string; endsOn: string } | null
  busy: boolean
}

async function request(
  base: string,
  method: string,
  path: string,
  { authorization, body }: { authorization?: string; body?: unknown } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  let json: Record<string, unknown> = {}
  try {
    json = JSON.parse(text)
  } catch {}
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`)
  return json
}

async function signIn(base: string, { email, password }: Account) {
  const data = (await request(base, 'POST', '/auth/login', { body: { email, password } })).data as {
    token: string
    client: { id: string }
  }
  return { authorization: `Bearer ${data.token}`, clientId: data.client.id }
}

type Listing = { id: string; version: number; cabinId: string | null }

/**
 * Every host (planted accounts, accounts.ts) becomes a host and publishes `perHost` listings, each in
 * one of `localities` (searched destinations of Jalisco, so searches meet the edited cabins). The
 * photos are upload records planted in the server's storage (`dataDir`), as the listing tests do.
 */
export async function publishHostListings(
  base: string,
  {
    hosts,
    operator,
    perHost,
    dataDir,
    localities,
  }: { hosts: Account[]; operator: Account; perHost: number; dataDir: string; localities: string[] },
): Promise<HostListing[]> {
  const storage = createPhotoStorage(loadConfig({ DATA_DIR: dataDir }).storage)
  const approver = await signIn(base, operator)
  const published: HostListing[] = []
  for (const account of hosts) {
    const host = await signIn(base, account)
    await request(base, 'POST', '/api/hosts/me', {
      authorization: host.authorization,
      body: { displayName: 'Cabañas de Escala', phone: '5512345678', clabe: '012180012345678909' },
    })
    const photos = await plantPhotos(storage, host.clientId, 5)
    for (let n = 0; n < perHost; n++) {
      const draft = completeListing(photos, { locality: localities[published.length % localities.length] })
      const auth = { authorization: host.authorization }
      let listing = (await request(base, 'POST', LISTING_API.mine, auth)).listing as Listing
      for (const step of LISTING_STEPS) {
        const body = { value: draft[step], version: listing.version }
        listing = (await request(base, 'PUT', LISTING_API.step(listing.id, step), { ...auth, body }))
          .listing as Listing
      }
      await request(base, 'POST', LISTING_API.submit(listing.id), auth)
      listing = (await request(base, 'POST', LISTING_API.approve(listing.id), approver)).listing as Listing
      published.push({
        id: listing.id,
        cabinId: requireValue(listing.cabinId, `the cabin of approved listing ${listing.id}`),
        version: listing.version,
        authorization: host.authorization,
        prices: draft.prices,
        lastRate: null,
        blocked: null,
        busy: false,
      })
    }
  }
  return published
}

/**
 * One write to a listing no other write is saving (each host edit sends the version it last read):
 * false when every listing is busy.
 */
async function withFreeListing(
  listings: HostListing[],
  random: () => number,
  write: (listing: HostListing) => Promise<void>,
): Promise<boolean> {
  const free = listings.filter((listing) => !listing.busy)
  if (free.length === 0) return false
  const listing = pickWith(random, free)
  listing.busy = true
  try {
    await write(listing)
    return true
  } finally {
    listing.busy = false
  }
}

/**
 * Hosts editing prices: `perSecond` times a second a published listing (one not being saved already)
 * gets a new weekday rate, whole pesos from $1,000 to $3,000, saved like the editor's autosave (the
 * prices step with the version last read). The cabin row and its seasons change in the same
 * transaction, and every process's search index follows.
 */
export function priceEdits(
  base: string,
  listings: HostListing[],
  { perSecond, random }: { perSecond: number; random: () => number },
): WriterPart<'precios'> {
  return {
    name: 'precios',
    perSecond,
    write: () =>
      withFreeListing(listings, random, async (listing) => {
        const weekdayRate = (1_000 + Math.floor(random() * 2_001)) * 100
        const body = { value: { ...listing.prices, weekdayRate }, version: listing.version }
        const saved = (await request(base, 'PUT', LISTING_API.step(listing.id, 'prices'), {
          authorization: listing.authorization,
          body,
        })) as { listing: Listing }
        listing.version = saved.listing.version
        listing.lastRate = weekdayRate
      }),
  }
}

/** How many edited cabins show their last rate on their public page (`/habitaciones/:id`). */
export async function editsShown(
  base: string,
  listings: HostListing[],
): Promise<{ shown: number; edited: number }> {
  const edited = listings.filter((listing) => listing.lastRate !== null)
  const rates = await Promise.all(
    edited.map(async (listing) => {
      const cabin = (await request(base, 'GET', `/habitaciones/${listing.cabinId}`)) as {
        rates: { weekdayRate: number }
      }
      return cabin.rates.weekdayRate === listing.lastRate
    }),
  )
  return { shown: rates.filter(Boolean).length, edited: edited.length }
}

/**
 * Hosts keeping their calendars: `perSecond` times a second a listing not being saved blocks 1–3
 * nights 200 to 400 days ahead (with a private note) or, when it holds such a block, frees those
 * nights again, through the calendar API. Each change moves the cabin's taken nights, and every
 * process's search index follows.
 */
export function calendarBlocks(
  base: string,
  listings: HostListing[],
  { perSecond, random }: { perSecond: number; random: () => number },
): WriterPart<'bloqueos'> {
  return {
    name: 'bloqueos',
    perSecond,
    write: () =>
      withFreeListing(listings, random, async (listing) => {
        if (listing.blocked) {
          await request(base, 'POST', CALENDAR_API.unblock(listing.id), {
            authorization: listing.authorization,
            body: listing.blocked,
          })
          listing.blocked = null
          return
        }
        const startsOn = addDays(calendarDateIn(new Date()), 200 + Math.floor(random() * 200))
        const range = { startsOn, endsOn: addDays(startsOn, 1 + Math.floor(random() * 3)) }
        await request(base, 'POST', CALENDAR_API.blocks(listing.id), {
          authorization: listing.authorization,
          body: { ...range, note: 'Mantenimiento' },
        })
        listing.blocked = range
      }),
  }
}
