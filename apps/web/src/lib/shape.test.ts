import { describe, expect, it } from 'vitest'
import { array, boolean, number, object, refine, shape, string, withDefault } from './shape'

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

  it('fills an absent field with its default, and still checks a present one', () => {
    const Settings = shape(object({ tiles: withDefault(string, '/tiles'), name: string }))
    expect(Settings.safeParse({ name: 'a' })).toEqual({ success: true, data: { tiles: '/tiles', name: 'a' } })
    expect(Settings.safeParse({ name: 'a', tiles: 42 })).toEqual({ success: false })
  })

  it('refuses a value its refinement refuses', () => {
    const NonEmpty = shape(refine(string, (text) => text.length > 0, 'texto no vacío'))
    expect(NonEmpty.safeParse('x')).toEqual({ success: true, data: 'x' })
    expect(NonEmpty.safeParse('')).toEqual({ success: false })
  })
})
