import type { DestinationsResponse } from '@cabanas/domain/catalog'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildCabin } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import { fetchDestinations } from './destinations.api'

// The home reads GET /api/destinations with the domain's schema (until 2026-11-28 with a hand reader
// of lib/shape, checked against it here): declared keys only, wrong types and unknown policies refused.
function destination(cabin: object) {
  return {
    population: 'Mazamitla',
    state: 'Jalisco',
    count: 1,
    fromPrice: 168_000,
    latitude: 19.9,
    longitude: -103,
    cabins: [cabin],
  }
}

describe('fetchDestinations', () => {
  afterEach(() => vi.restoreAllMocks())

  it('reads a real response and drops the keys it does not declare', async () => {
    const cabin = buildCabin()
    mockFetch(() =>
      jsonResponse({ destinations: [{ ...destination({ ...cabin, extra: 1 }), extra: true }], extra: 'x' }),
    )
    const read: DestinationsResponse = await fetchDestinations()
    const { _id, location, propertyDetails, additionalInfo, others, precioCalculado } = cabin
    const { images, restrictions, cancellationPolicy } = cabin
    const card = { _id, location, propertyDetails, additionalInfo, others, precioCalculado }
    expect(read).toEqual({
      destinations: [destination({ ...card, images, restrictions, cancellationPolicy })],
    })
  })

  it('reads a place without a price and a free cancellation policy', async () => {
    const body = {
      destinations: [{ ...destination(buildCabin({ cancellationPolicy: 'free' })), fromPrice: null }],
    }
    mockFetch(() => jsonResponse(body))
    const read = await fetchDestinations()
    expect(read.destinations[0]?.fromPrice).toBeNull()
    expect(read.destinations[0]?.cabins[0]?.cancellationPolicy).toBe('free')
  })

  it.each([
    ['a list', []],
    ['a count as text', { destinations: [{ ...destination(buildCabin()), count: '1' }] }],
    [
      'a latitude that is not a number',
      { destinations: [{ ...destination(buildCabin()), latitude: Number.NaN }] },
    ],
    [
      'a policy it does not know',
      { destinations: [destination({ ...buildCabin(), cancellationPolicy: 'flexible' })] },
    ],
    ['a cabin without its photos', { destinations: [destination({ ...buildCabin(), images: undefined })] }],
  ])('refuses %s', async (_, body) => {
    mockFetch(() => jsonResponse(body))
    await expect(fetchDestinations()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })
})
