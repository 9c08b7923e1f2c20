/**
 * Bad input to the listing routes (issue 21) gets a Spanish 4xx and loses nothing: hostile steps, another
 * host's listing, a submitted listing's edits, and more autosaves than a host may make.
 */

import { randomUUID } from 'node:crypto'
import { LISTING_API, listingApiMessages } from '@cabanas/domain/listings'
import { messages } from '@cabanas/domain/shared'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { listings } from '../../db/schema.ts'
import { completeListing, plantPhotos } from '../../test/listing-fixtures.ts'
import { useListingsApp } from '../../test/listing-routes-test-kit.ts'
import { type Api, createFilledListing, insertHost, saveStep } from '../../test/listing-test-kit.ts'
import { must } from '../../test/must.ts'

const { ctx, api, storage, session, world } = useListingsApp()

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
