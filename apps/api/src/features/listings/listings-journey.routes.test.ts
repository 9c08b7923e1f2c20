/**
 * A listing's journey (issue 21): filled in step by step, submitted, approved by an operator, then found,
 * shown and quoted as a cabin; or returned with a reason, edited and submitted again (the set-up:
 * test/listing-routes-test-kit.ts).
 */

import { LISTING_API, LISTING_STEPS, listingApiMessages } from '@cabanas/domain/listings'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { cabinSeasons, cabins, listingEvents } from '../../db/schema.ts'
import { completeListing } from '../../test/listing-fixtures.ts'
import { useListingsApp } from '../../test/listing-routes-test-kit.ts'
import { createFilledListing, saveStep } from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'
import { readOutboxMails } from '../mail/mail-testing.ts'

const { ctx, api, mailDir, newPlace, world, searchIds, quote } = useListingsApp()

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
