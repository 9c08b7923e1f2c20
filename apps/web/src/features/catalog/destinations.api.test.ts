import { type DestinationsResponse, DestinationsResponseSchema } from '@cabanas/domain/catalog'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { buildCabin } from '../../test/factories'
import { DestinationsResponseShape } from './destinations.api'

type Parsed<S> = S extends { safeParse(data: unknown): { success: true; data: infer T } | { success: false } }
  ? T
  : never

describe('DestinationsResponseShape', () => {
  it('reads exactly the domain type (checked by tsc)', () => {
    expectTypeOf<Parsed<typeof DestinationsResponseShape>>().toEqualTypeOf<DestinationsResponse>()
  })

  it('agrees with the domain schema on a real response', () => {
    const cabin = buildCabin()
    const body = {
      destinations: [
        {
          population: 'Mazamitla',
          state: 'Jalisco',
          count: 1,
          fromPrice: 168_000,
          latitude: 19.9,
          longitude: -103,
          cabins: [cabin],
        },
      ],
    }
    expect(DestinationsResponseShape.safeParse(body)).toEqual(DestinationsResponseSchema.safeParse(body))
  })

  it('reads a place without a price and refuses a policy it does not know, as the domain does', () => {
    const destination = {
      population: 'Holbox',
      state: 'Quintana Roo',
      count: 1,
      fromPrice: null,
      latitude: 21.5,
      longitude: -87.4,
      cabins: [buildCabin({ cancellationPolicy: 'free' })],
    }
    const body = { destinations: [destination] }
    const read = DestinationsResponseShape.safeParse(body)
    expect(read).toEqual(DestinationsResponseSchema.safeParse(body))
    expect(read.success && read.data.destinations[0]?.cabins[0]?.cancellationPolicy).toBe('free')
    const unknown = {
      destinations: [{ ...destination, cabins: [{ ...buildCabin(), cancellationPolicy: 'flexible' }] }],
    }
    expect(DestinationsResponseShape.safeParse(unknown).success).toBe(false)
    expect(DestinationsResponseSchema.safeParse(unknown).success).toBe(false)
  })
})
