import { describe, expect, it } from 'vitest'
import { array, boolean, number, object, shape, string } from './shape'

const Cabin = shape(
  object({ id: string, guests: number, pets: boolean, tags: array(object({ name: string })) }),
)

describe('shape', () => {
  it('returns the declared fields and drops the rest, like zod', () => {
    expect(
      Cabin.safeParse({ id: 'a', guests: 2, pets: false, tags: [{ name: 'bosque', extra: 1 }], extra: true }),
    ).toEqual({ success: true, data: { id: 'a', guests: 2, pets: false, tags: [{ name: 'bosque' }] } })
  })

  it.each([
    null,
    [],
    { id: 'a', guests: '2', pets: false, tags: [] },
    { id: 'a', guests: Number.NaN, pets: false, tags: [] },
    { id: 'a', guests: 2, pets: false, tags: [{ name: 3 }] },
    { id: 'a', guests: 2, pets: false },
  ])('rejects %o', (input) => {
    expect(Cabin.safeParse(input)).toEqual({ success: false })
  })
})
