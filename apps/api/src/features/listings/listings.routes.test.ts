import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { destinationSlug } from '@cabanas/domain/catalog'
import { LISTING_API, LISTING_STEPS, listingApiMessages } from '@cabanas/domain/listings'
import { messages } from '@cabanas/domain/shared'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config.ts'
import { cabinSeasons, cabins, listingEvents, listings } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertClient, insertReservation } from '../../test/factories.ts'
import { completeListing, plantPhotos } from '../../test/listing-fixtures.ts'
import {
  type Api,
  createFilledListing,
  injectApi,
  insertHost,
  insertOperator,
  publishListing,
  saveStep,
  sessionFor,
} from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'
import { destinationsResponse } from '../catalog/catalog.responses.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'
import { pageData } from '../pages/page-data.ts'
import { createPhotoStorage, type PhotoStorage } from '../photos/photo-storage.ts'

// Today is 2026-06-01 in Mexico City; 2026-07-06 is a Monday.
const STAY = { checkIn: '2026-07-06', checkOut: '2026-07-08', guests: 2 }

let ctx: Awaited<ReturnType<typeof buildTestApp>>
let api: Api
let storage: PhotoStorage
let dataDir: string
let mailDir: string
const session = (clientId: string) => sessionFor(ctx.app.sessionKey, clientId, ctx.clock.now())

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'listings-routes-'))
  mailDir = path.join(dataDir, 'mail')
  ctx = await buildTestApp({
    env: { DATA_DIR: dataDir, MAIL_OUTBOX_DIR: mailDir, PUBLIC_URL: 'https://cabanas.example' },
  })
  api = injectApi(ctx.app)
  storage = createPhotoStorage(loadConfig({ DATA_DIR: dataDir }).storage)
})
afterAll(async () => {
  await ctx.close()
  await rm(dataDir, { recursive: true, force: true })
})

let places = 0
/** Each test's cabins in a town of their own, so searches see only them. */
function newPlace() {
  places += 1
  return `Pinar Alto ${places}`
}

/** A host with 5 uploads of its own, and an operator. */
async function world() {
  const host = await insertHost(ctx.db, api, session)
  const operator = await insertOperator(ctx.db, session)
  const photos = await plantPhotos(storage, host.client.id, 5)
  return { host, operator, photos }
}

const searchIds = async (location: string) => {
  const query = new URLSearchParams({ ...STAY, guests: String(STAY.guests), location })
  const res = await api({ url: `/cotizar/search?${query}` })
  expect(res.status, res.body).toBe(200)
  return res.json().habitaciones as { _id: string; images: { url: string; preview: string }[] }[]
}
const quote = (habitacionId: string) =>
  api({ method: 'POST', url: '/reservas/cotizar', body: { habitacionId, ...STAY } })

describe('a listing from draft to published cabin', () => {
  it('is filled step by step, submitted, approved, and then found, shown and quoted with its photos and prices', async () => {
    const { host, operator, photos } = await world()
    const place = newPlace()
    const created = await api({ method: 'POST', url: LISTING_API.mine, token: host.token })
    expect(created.status).toBe(201)
    expect(created.json().listing).toMatchObject({
      status: 'draft',
      version: 0,
      draft: {},
      readyToSubmit: false,
    })
    expect(created.json().listing.steps.map((s: { status: string }) => s.status)).toEqual(
      LISTING_STEPS.map(() => 'missing'),
    )
    // An incomplete draft cannot be submitted: the missing steps' messages, by step.
    const early = await api({
      method: 'POST',
      url: LISTING_API.submit(created.json().listing.id),
      token: host.token,
    })
    expect(early.status).toBe(400)
    expect(early.json()).toMatchObject({
      errorType: 'VALIDATION_ERROR',
      message: listingApiMessages.incomplete,
    })
    expect(early.json().details).toContainEqual({ field: 'photos', message: 'Faltan las fotos' })
    await api({ method: 'DELETE', url: LISTING_API.one(created.json().listing.id), token: host.token })

    const listing = await createFilledListing(api, host.token, completeListing(photos, { locality: place }))
    const read = await api({ url: LISTING_API.one(listing.id), token: host.token })
    expect(read.json().listing).toMatchObject({ readyToSubmit: true, version: LISTING_STEPS.length })
    const mine = await api({ url: LISTING_API.mine, token: host.token })
    expect(mine.json().listings).toEqual([
      expect.objectContaining({
        id: listing.id,
        status: 'draft',
        title: 'Cabaña El Pinar con chimenea',
        place: `${place}, Jalisco`,
        coverUrl: `/media/photos/${photos[0]}/1-card.webp`,
        pendingSteps: [],
      }),
    ])

    const submitted = await api({ method: 'POST', url: LISTING_API.submit(listing.id), token: host.token })
    expect(submitted.json().listing).toMatchObject({ status: 'submitted', submittedAt: expect.any(String) })
    // In the operator's queue, with the host's display name.
    const queue = await api({ url: LISTING_API.operatorList, token: operator.token })
    expect(queue.json().listings).toContainEqual(
      expect.objectContaining({ id: listing.id, host: { displayName: 'Cabañas Doña Lupe' } }),
    )
    // Nobody finds it before it is approved.
    expect(await searchIds(place)).toEqual([])

    const approved = await api({
      method: 'POST',
      url: LISTING_API.approve(listing.id),
      token: operator.token,
    })
    expect(approved.status, approved.body).toBe(200)
    const cabinId = approved.json().listing.cabinId as string
    expect(approved.json().listing).toMatchObject({ status: 'published', publishedAt: expect.any(String) })

    const [cabin] = await ctx.db.select().from(cabins).where(eq(cabins.id, cabinId))
    expect(cabin).toMatchObject({
      hostId: host.client.id,
      listed: true,
      name: 'Cabaña El Pinar con chimenea',
      population: place,
      state: 'Jalisco',
      weekdayRate: 1_800_00,
      weekendRate: 2_400_00,
      minNights: 2,
      cancellationPolicy: 'moderate',
    })
    // The private address is nowhere in the cabin.
    expect(JSON.stringify(cabin)).not.toContain('Sierra del Tigre')
    const seasons = await ctx.db.select().from(cabinSeasons).where(eq(cabinSeasons.cabinId, cabinId))
    expect(seasons).toMatchObject([{ name: 'Navidad', startsOn: '2026-12-20', nightlyRate: 3_000_00 }])

    const found = await searchIds(place)
    expect(found.map((c) => c._id)).toEqual([cabinId])
    expect(must(found[0], 'found[0]').images.map((image) => image.url)).toEqual(
      photos.map((id) => `/media/photos/${id}/1.webp`),
    )
    expect(must(must(found[0], 'found[0]').images[0], 'found[0]!.images[0]').preview).toBe(
      `/media/photos/${photos[0]}/1-card.webp`,
    )
    const quoted = await quote(cabinId)
    expect(quoted.status, quoted.body).toBe(200)
    expect(quoted.json()).toMatchObject({ nights: 2, pricing: { basePrice: 3_600_00 } })
    expect((await api({ url: `/habitaciones/${cabinId}` })).status).toBe(200)

    // Mailed to the host, with the cabin's page under PUBLIC_URL.
    await ctx.app.runJobOnce(ctx.app.outboxJob)
    const [mail] = await readOutboxMails(mailDir, host.client.email)
    expect(mail?.subject).toBe('Tu cabaña ya está publicada')
    expect(mail?.text).toContain(`https://cabanas.example/cabin/${cabinId}`)

    const events = await ctx.db
      .select({ kind: listingEvents.kind, actorRole: listingEvents.actorRole })
      .from(listingEvents)
      .where(eq(listingEvents.listingId, listing.id))
      .orderBy(asc(listingEvents.id))
    expect(events.map((e) => e.kind)).toEqual([
      'created',
      ...LISTING_STEPS.map(() => 'step_saved'),
      'submitted',
      'approved',
    ])
    expect(must(events.at(-1), 'events.at(-1)').actorRole).toBe('operator')
    // Approving twice does not make a second cabin.
    const again = await api({ method: 'POST', url: LISTING_API.approve(listing.id), token: operator.token })
    expect(again.status).toBe(409)
    expect(again.json().message).toBe(listingApiMessages.notSubmitted)
  })

  it('is returned with a reason (mailed), edited and submitted again', async () => {
    const { host, operator, photos } = await world()
    const listing = await createFilledListing(api, host.token, completeListing(photos))
    await api({ method: 'POST', url: LISTING_API.submit(listing.id), token: host.token })
    const short = await api({
      method: 'POST',
      url: LISTING_API.returnToHost(listing.id),
      token: operator.token,
      body: { reason: 'Corto' },
    })
    expect(short.status).toBe(400)
    expect(short.json().message).toBe(listingApiMessages.reasonRequired)
    const reason = 'Las fotos 2 y 3 son de otra cabaña; sube fotos de la tuya.'
    const returned = await api({
      method: 'POST',
      url: LISTING_API.returnToHost(listing.id),
      token: operator.token,
      body: { reason },
    })
    expect(returned.json().listing).toMatchObject({ status: 'returned', returnReason: reason })
    await ctx.app.runJobOnce(ctx.app.outboxJob)
    const mails = await readOutboxMails(mailDir, host.client.email)
    expect(mails.map((m) => m.subject)).toEqual(['Tu anuncio necesita cambios'])
    expect(must(mails[0], 'mails[0]').text).toContain(reason)

    // The host edits (returned listings are editable) and submits again; the reason goes away.
    const read = (await api({ url: LISTING_API.one(listing.id), token: host.token })).json().listing
    const edited = await saveStep(api, host.token, read, 'photos', {
      photos: [...photos].reverse().map((id) => ({ id })),
    })
    expect(edited.status, edited.body).toBe(200)
    expect(edited.json().listing.status).toBe('returned')
    const again = await api({ method: 'POST', url: LISTING_API.submit(listing.id), token: host.token })
    expect(again.json().listing).toMatchObject({ status: 'submitted', returnReason: null })
  })
})

describe('a published listing', () => {
  it('applies each saved step to its cabin at once, and refuses a step that would leave it incomplete', async () => {
    const { host, operator, photos } = await world()
    const place = newPlace()
    let listing = await publishListing(
      api,
      { host: host.token, operator: operator.token },
      completeListing(photos, { locality: place }),
    )
    const draft = completeListing(photos, { locality: place })
    const res = await saveStep(api, host.token, listing, 'prices', {
      ...draft.prices,
      weekdayRate: 2_500_00,
      seasons: [],
    })
    expect(res.status, res.body).toBe(200)
    listing = res.json().listing
    expect((await quote(listing.cabinId)).json().pricing.basePrice).toBe(5_000_00)
    expect(await ctx.db.select().from(cabinSeasons).where(eq(cabinSeasons.cabinId, listing.cabinId))).toEqual(
      [],
    )

    // A complete step is required now: 2 photos would leave the live cabin without enough.
    const fewer = await saveStep(api, host.token, listing, 'photos', {
      photos: photos.slice(0, 2).map((id) => ({ id })),
    })
    expect(fewer.status).toBe(400)
    expect(fewer.json().errorType).toBe('VALIDATION_ERROR')
    const [cabin] = await ctx.db.select().from(cabins).where(eq(cabins.id, listing.cabinId))
    expect(must(cabin, 'cabin').images).toHaveLength(5)

    const title = await saveStep(api, host.token, listing, 'description', {
      ...draft.description,
      title: 'Cabaña El Pinar renovada',
    })
    expect(title.status).toBe(200)
    expect((await api({ url: `/habitaciones/${listing.cabinId}` })).body).toContain(
      'Cabaña El Pinar renovada',
    )
    const edits = await ctx.db
      .select({ kind: listingEvents.kind, step: listingEvents.step })
      .from(listingEvents)
      .where(eq(listingEvents.listingId, listing.id))
      .orderBy(asc(listingEvents.id))
    expect(edits.slice(-2)).toEqual([
      { kind: 'step_saved', step: 'prices' },
      { kind: 'step_saved', step: 'description' },
    ])
  })

  it('paused, disappears for guests everywhere (trip pages excepted) and comes back unpaused', async () => {
    const { host, operator, photos } = await world()
    const place = newPlace()
    const listing = await publishListing(
      api,
      { host: host.token, operator: operator.token },
      completeListing(photos, { locality: place }),
    )
    const cabinId = listing.cabinId
    const guest = await insertClient(ctx.db)
    const stay = await insertReservation(ctx.db, {
      cabinId,
      checkIn: '2026-08-03',
      checkOut: '2026-08-05',
      clientId: guest.id,
      status: 'active',
      paymentStatus: 'PAID',
    })
    const data = pageData(ctx.app)
    const destinationNames = async () =>
      (await destinationsResponse(ctx.db)).destinations.map((d) => d.population)
    expect(await destinationNames()).toContain(place)
    const slug = destinationSlug(place, 'Jalisco')
    expect(await data.destination(slug)).not.toBeNull()
    const sitemap = async () => (await api({ url: '/sitemap.xml' })).body

    const paused = await api({ method: 'POST', url: LISTING_API.pause(listing.id), token: host.token })
    expect(paused.json().listing.status).toBe('paused')
    expect(await searchIds(place)).toEqual([])
    const refused = await quote(cabinId)
    expect(refused.status).toBe(404)
    expect(refused.json()).toMatchObject({ errorType: 'CABIN_NOT_FOUND', message: messages.cabinNotFound })
    const asked = await api({
      method: 'POST',
      url: '/api/bookings',
      body: { cabinId, ...STAY, fullName: 'Ana Ruiz', email: 'ana@ejemplo.mx', phone: '5512345678' },
    })
    expect(asked.status).toBe(404)
    expect((await api({ url: `/habitaciones/${cabinId}` })).status).toBe(404)
    expect((await api({ url: `/api/availability/cabin/${cabinId}` })).status).toBe(404)
    expect(await data.cabin(cabinId)).toBeNull()
    expect(await destinationNames()).not.toContain(place)
    expect(await data.destination(slug)).toBeNull()
    expect(await sitemap()).not.toContain(cabinId)
    // The guest who booked still opens the trip.
    const trip = await api({ url: `/api/bookings/${stay.id}`, token: await session(guest.id) })
    expect(trip.status, trip.body).toBe(200)
    // Editing a paused listing still needs complete steps, and keeps it hidden.
    const again = (await api({ url: LISTING_API.one(listing.id), token: host.token })).json().listing
    const edited = await saveStep(api, host.token, again, 'rules', {
      ...completeListing(photos).rules,
      minNights: 1,
    })
    expect(edited.status, edited.body).toBe(200)
    expect(await searchIds(place)).toEqual([])

    // An operator may unpause it too; it comes back everywhere, its reservation still holding its nights.
    const unpaused = await api({
      method: 'POST',
      url: LISTING_API.operatorUnpause(listing.id),
      token: operator.token,
    })
    expect(unpaused.json().listing.status).toBe('published')
    expect((await searchIds(place)).map((c) => c._id)).toEqual([cabinId])
    expect(ctx.app.searchIndex.index.isFree(cabinId, '2026-08-03', '2026-08-05')).toBe(false)
    expect((await quote(cabinId)).status).toBe(200)
    expect(await data.cabin(cabinId)).not.toBeNull()
    expect(await data.destination(slug)).not.toBeNull()
    expect(await sitemap()).toContain(cabinId)
    // Pausing what is not published, or unpausing what is not paused, is refused.
    const twice = await api({ method: 'POST', url: LISTING_API.unpause(listing.id), token: host.token })
    expect(twice.status).toBe(409)
    expect(twice.json().message).toBe(listingApiMessages.notPaused)
  })
})

describe('bad input gets a Spanish 4xx and loses nothing', () => {
  async function savedDraft(id: string) {
    const [row] = await ctx.db
      .select({ draft: listings.draft, version: listings.version })
      .from(listings)
      .where(eq(listings.id, id))
    return must(row, 'row')
  }

  it('refuses hostile steps and leaves the stored draft as it was', async () => {
    const { host, photos } = await world()
    const other = await insertHost(ctx.db, api, session, { displayName: 'Refugio del Otro' })
    const othersPhotos = await plantPhotos(storage, other.client.id, 1)
    const listing = await createFilledListing(api, host.token, completeListing(photos))
    const before = await savedDraft(listing.id)
    const current = { id: listing.id, version: before.version }

    const cases: [string, Parameters<Api>[0], number, string | RegExp][] = [
      [
        'control characters in the title',
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'description'),
          body: {
            version: current.version,
            value: { title: 'Cabaña\u0000\u001b[31m roja', description: 'x'.repeat(100) },
          },
        },
        400,
        /[áéíóúñ]|caracteres|título/i,
      ],
      [
        'a price of 10,000,000 pesos',
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'prices'),
          body: { version: current.version, value: { weekdayRate: 1_000_000_000, weekendRate: 0 } },
        },
        400,
        /precio/i,
      ],
      [
        'a number beyond any integer',
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'capacity'),
          body: { version: current.version, value: { maxGuests: 1e308 } },
        },
        400,
        /[áéíóúñ]|número/i,
      ],
      [
        "another host's photo",
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'photos'),
          body: {
            version: current.version,
            value: { photos: [...photos, othersPhotos[0]].map((id) => ({ id })) },
          },
        },
        400,
        listingApiMessages.photoNotYours,
      ],
      [
        'a photo id that is no upload',
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'photos'),
          body: {
            version: current.version,
            value: { photos: [...photos.slice(1), randomUUID()].map((id) => ({ id })) },
          },
        },
        400,
        listingApiMessages.photoNotYours,
      ],
      [
        'a photo id that is a path',
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'photos'),
          body: { version: current.version, value: { photos: [{ id: '../../etc/passwd' }] } },
        },
        400,
        'La foto no es válida',
      ],
      [
        'an unknown step',
        {
          method: 'PUT',
          url: `/api/hosts/me/listings/${listing.id}/steps/sauna`,
          body: { version: current.version, value: {} },
        },
        400,
        listingApiMessages.unknownStep,
      ],
      [
        'an unknown field',
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'type'),
          body: { version: current.version, value: { accommodationType: 'Cabaña', hostId: 'x' } },
        },
        400,
        'Campo no reconocido: hostId',
      ],
      [
        'a stale version',
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'type'),
          body: { version: current.version - 1, value: { accommodationType: 'Domo' } },
        },
        409,
        listingApiMessages.staleVersion,
      ],
      [
        'a version that is no number',
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'type'),
          body: { version: '9'.repeat(400), value: {} },
        },
        400,
        /[áéíóúñ]|número/i,
      ],
      [
        'a 1 MB body',
        {
          method: 'PUT',
          url: LISTING_API.step(listing.id, 'description'),
          rawBody: JSON.stringify({
            version: current.version,
            value: { description: 'x'.repeat(1_000_000) },
          }),
        },
        413,
        messages.payloadTooLarge,
      ],
      [
        'malformed JSON',
        { method: 'PUT', url: LISTING_API.step(listing.id, 'type'), rawBody: '{"version": 1, "value": {' },
        400,
        messages.malformedJson,
      ],
    ]
    for (const [name, request, status, message] of cases) {
      const res = await api({ ...request, token: host.token })
      expect(res.status, `${name}: ${res.body}`).toBe(status)
      expect(res.json().success, name).toBe(false)
      if (typeof message === 'string') expect(res.json().message, name).toBe(message)
      else expect(res.json().message, name).toMatch(message)
      expect(await savedDraft(listing.id), name).toEqual(before)
    }
  })

  it("answers 404 for another host's listing and for ids that are not listings", async () => {
    const { host, photos } = await world()
    const other = await insertHost(ctx.db, api, session, { displayName: 'Refugio del Otro' })
    const listing = await createFilledListing(api, host.token, completeListing(photos))
    const before = await savedDraft(listing.id)
    for (const request of [
      { url: LISTING_API.one(listing.id) },
      {
        method: 'PUT' as const,
        url: LISTING_API.step(listing.id, 'type'),
        body: { version: before.version, value: {} },
      },
      { method: 'POST' as const, url: LISTING_API.submit(listing.id) },
      { method: 'DELETE' as const, url: LISTING_API.one(listing.id) },
      { method: 'POST' as const, url: LISTING_API.pause(listing.id) },
    ]) {
      const res = await api({ ...request, token: other.token })
      expect(res.status, `${request.url}: ${res.body}`).toBe(404)
      expect(res.json().message).toBe(listingApiMessages.notFound)
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', 'x'.repeat(100)]) {
      expect((await api({ url: LISTING_API.one(id), token: host.token })).status).toBe(404)
    }
    expect(await savedDraft(listing.id)).toEqual(before)
    expect((await api({ url: LISTING_API.mine, token: other.token })).json().listings).toEqual([])
  })

  it('keeps a submitted listing read-only, and deletes only drafts never submitted', async () => {
    const { host, photos } = await world()
    const listing = await createFilledListing(api, host.token, completeListing(photos))
    await api({ method: 'POST', url: LISTING_API.submit(listing.id), token: host.token })
    const { version } = await savedDraft(listing.id)
    const edit = await saveStep(api, host.token, { id: listing.id, version }, 'type', {
      accommodationType: 'Domo',
    })
    expect(edit.status).toBe(409)
    expect(edit.json()).toMatchObject({ errorType: 'CONFLICT', message: listingApiMessages.notEditable })
    const deleted = await api({ method: 'DELETE', url: LISTING_API.one(listing.id), token: host.token })
    expect(deleted.status).toBe(409)
    expect(deleted.json().message).toBe(listingApiMessages.onlyDrafts)
    const draft = await api({ method: 'POST', url: LISTING_API.mine, token: host.token })
    const gone = await api({
      method: 'DELETE',
      url: LISTING_API.one(draft.json().listing.id),
      token: host.token,
    })
    expect(gone.status).toBe(204)
    expect((await api({ url: LISTING_API.one(draft.json().listing.id), token: host.token })).status).toBe(404)
  })

  it('limits autosaves per host (429 in Spanish) without touching the draft', async () => {
    const { host } = await world()
    const created = (await api({ method: 'POST', url: LISTING_API.mine, token: host.token })).json().listing
    let listing = created
    let refused: Awaited<ReturnType<Api>> | null = null
    for (let i = 0; i < 125 && !refused; i++) {
      const res = await saveStep(api, host.token, listing, 'type', {
        accommodationType: i % 2 ? 'Domo' : 'Cabaña',
      })
      if (res.status === 429) refused = res
      else listing = res.json().listing
    }
    expect(refused?.json().message).toBe(listingApiMessages.tooManyChanges)
    expect(listing.version).toBe(120)
    expect((await savedDraft(listing.id)).version).toBe(120)
  })
})
