import { averageNightlyPrice } from '@cabanas/domain/quotes'
import { SearchResponseSchema } from '@cabanas/domain/search'
import { describe, expect, it } from 'vitest'
import { fastResponseSerializer } from '../../plugins/fast-serializer.ts'
import { must } from '../../test/must.ts'
import { cabin, query } from '../../test/search-test-kit.ts'
import { SearchIndex } from './search-index.ts'
import { searchResponseOf, toSearchResult } from './search-results.ts'

describe('search results', () => {
  it('answers the result objects in the response shape', () => {
    const index = new SearchIndex()
    index.upsertCabin(cabin('a'))
    index.upsertCabin(cabin('b', { weekdayRate: 900_00 }))
    const hits = index.search(query('2026-07-01', '2026-07-03'), 10)
    const response = searchResponseOf(hits, 2)
    const expected = { success: true, habitaciones: hits.map(toSearchResult), total: 2, nights: 2 }
    expect(response).toEqual(expected)
    expect(SearchResponseSchema.parse(response).habitaciones.map((h) => h._id)).toEqual(['b', 'a'])
  })

  it('prices each result per night as the average of its total in whole pesos', () => {
    const index = new SearchIndex()
    // Weekday $1,400, weekend $2,100: Thursday and Friday nights cost $3,920 with the commission.
    index.upsertCabin(cabin('a', { weekdayRate: 1_400_00, weekendRate: 2_100_00 }))
    const [hit] = index.search(query('2026-07-02', '2026-07-04'), 10)
    expect(hit?.stay).toMatchObject({ nights: 2, totalPrice: 3_920_00, pricePerNight: 1_960_00 })
    // Three nights whose average has centavos: the answer carries whole pesos.
    const [odd] = index.search(query('2026-07-02', '2026-07-05'), 10)
    expect(odd?.stay.totalPrice).toBe(6_272_00)
    const result = must(
      searchResponseOf([must(odd, 'odd')], 3).habitaciones[0],
      'searchResponseOf([odd!], 3).habitaciones[0]',
    )
    expect(result.stay.pricePerNight).toBe(2_091_00)
    expect(result.stay.pricePerNight).toBe(averageNightlyPrice(6_272_00, 3))
    expect(result.cancellationPolicy).toBe('non_refundable')
  })

  it('keeps names beyond ASCII as they are, and answers an empty search', () => {
    const index = new SearchIndex()
    index.upsertCabin(cabin('ñ', { weekdayRate: 800_00 }, 'Cabaña «El Ocotal» 🌲 en Tepoztlán'))
    index.upsertCabin(cabin('a'))
    const hits = index.search(query('2026-07-01', '2026-07-03'), 10)
    const response = searchResponseOf(hits, 2)
    expect(response).toEqual({ success: true, habitaciones: hits.map(toSearchResult), total: 2, nights: 2 })
    expect(must(response.habitaciones[0], 'response.habitaciones[0]').propertyDetails.name).toBe(
      'Cabaña «El Ocotal» 🌲 en Tepoztlán',
    )
    expect(searchResponseOf([], 3)).toEqual({ success: true, habitaciones: [], total: 0, nights: 3 })
  })

  it("is written by the route's serializer as JSON.stringify writes it: names beyond ASCII, large prices", () => {
    const serialize = fastResponseSerializer({
      schema: SearchResponseSchema,
      httpStatus: '200',
      method: 'GET',
      url: '/cotizar/search',
    })
    const index = new SearchIndex()
    index.upsertCabin(
      cabin('ñ', { weekdayRate: 9_999_999_99, weekendRate: 9_999_999_99 }, 'Cabaña «El Ocotal» 🌲'),
    )
    index.upsertCabin(cabin('b', { weekdayRate: 1 }))
    for (const [checkIn, checkOut] of [
      ['2026-07-01', '2026-07-02'],
      ['2026-07-01', '2026-07-31'],
    ] as const) {
      const response = searchResponseOf(index.search(query(checkIn, checkOut), 10), 30)
      expect(JSON.parse(serialize(response))).toEqual(JSON.parse(JSON.stringify(response)))
    }
    const [hit] = index.search(query('2026-07-01', '2026-07-02'), 1)
    const big = {
      ...must(hit, 'hit'),
      stay: { nights: 1, totalPrice: Number.MAX_SAFE_INTEGER, pricePerNight: 0, serviceCommission: 10 },
    }
    expect(serialize(searchResponseOf([big], 1))).toBe(JSON.stringify(searchResponseOf([big], 1)))
    expect(serialize(searchResponseOf([], 3))).toBe('{"success":true,"habitaciones":[],"total":0,"nights":3}')
  })
})
