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
})
