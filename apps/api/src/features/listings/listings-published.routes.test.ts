/**
 * A published listing (issue 21): each saved step reaches its cabin at once, and a step that would leave it
 * incomplete is refused; paused, it disappears for guests everywhere but their trips, and comes back.
 */

import { destinationSlug } from '@cabanas/domain/catalog'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { messages } from '@cabanas/domain/shared'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cabinSeasons, cabins, listingEvents } from '../../db/schema.ts'
import { insertClient, insertReservation } from '../../test/factories.ts'
import { completeListing } from '../../test/listing-fixtures.ts'
import { STAY, useListingsApp } from '../../test/listing-routes-test-kit.ts'
import { publishListing, saveStep } from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'
import { destinationsResponse } from '../catalog/catalog.responses.ts'
import { pageData } from '../pages/page-data.ts'

const { ctx, api, session, newPlace, world, searchIds, quote } = useListingsApp()

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
