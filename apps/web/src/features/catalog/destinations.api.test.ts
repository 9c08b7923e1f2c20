import type { PageData } from '@cabanas/contracts/ssr'
import type { DestinationsResponse } from '@cabanas/domain/catalog'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildCabin } from '../../test/factories'
import { jsonResponse, mockFetch } from '../../test/fetch-mock'
import {
  destinationKeys,
  fetchDestinations,
  firstViewOf,
  type HomeDestinationsData,
  prefetchDestinations,
} from './destinations.api'

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

describe('prefetchDestinations (the server-rendered home)', () => {
  const place = (population: string, cabins: number) => ({
    ...destination(buildCabin({ population })),
    population,
    count: cabins,
    cabins: Array.from({ length: cabins }, (_, index) =>
      buildCabin({
        name: `Cabaña ${index + 1}`,
        population,
        images: ['fachada', 'sala', 'terraza'].map((room) => ({
          url: `/media/cabins/${population}-${index}/${room}.webp`,
          preview: `/media/cabins/${population}-${index}/${room}-card.webp`,
          alt: `${room} de la cabaña ${index + 1}`,
        })),
      }),
    ),
  })

  it('puts the drawn carousels whole in the page, the others with their first cabin and photo, and says so', async () => {
    const body = {
      destinations: [
        place('A', 3),
        place('B', 3),
        place('C', 2),
        place('D', 2),
        place('E', 3),
        place('F', 1),
      ],
    }
    const pageData: Pick<PageData, 'destinations'> = { destinations: async () => body }
    const queryClient = new QueryClient()
    await prefetchDestinations(queryClient, pageData as PageData)

    const firstView = queryClient.getQueryData<HomeDestinationsData>(destinationKeys.firstView)
    expect(firstView?.trimmed).toBe(true)
    expect(firstView?.destinations.map((d) => [d.population, d.cabins.length])).toEqual([
      ['A', 3],
      ['B', 3],
      ['C', 2],
      ['D', 2],
      ['E', 1],
      ['F', 1],
    ])
    // The first cabin with its first photo: what the popular tile shows.
    const tile = firstView?.destinations[4]?.cabins[0]
    expect(tile?.propertyDetails.name).toBe('Cabaña 1')
    expect(tile?.images).toEqual([body.destinations[4]?.cabins[0]?.images[0]])
    // Nothing cached as the full list: the home asks for it when the guest scrolls near.
    expect(queryClient.getQueryData(destinationKeys.all)).toBeUndefined()
  })

  it('says nothing was cut when every carousel is drawn', async () => {
    expect(firstViewOf({ destinations: [] })).toEqual({ destinations: [] })
    const body = { destinations: [place('A', 3), place('B', 3), place('C', 2), place('D', 2), place('E', 1)] }
    const pageData: Pick<PageData, 'destinations'> = { destinations: async () => body }
    const queryClient = new QueryClient()
    await prefetchDestinations(queryClient, pageData as PageData)
    const firstView = queryClient.getQueryData<HomeDestinationsData>(destinationKeys.firstView)
    expect(firstView?.trimmed).toBeUndefined()
    expect(firstView?.destinations.map((d) => d.cabins.length)).toEqual([3, 3, 2, 2, 1])
  })
})
