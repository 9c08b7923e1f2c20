import { describe, expect, it } from 'vitest'
import { draftPatchOf } from './search-bar-fields'

describe('draftPatchOf: what an HTML field of the header search says about the draft', () => {
  it.each([
    ['destino', 'Mazamitla, Jalisco', { location: 'Mazamitla, Jalisco' }],
    ['destino', '', { location: '' }],
    ['destino', 'x'.repeat(130), { location: 'x'.repeat(120) }],
    ['llegada', '2026-07-10', { checkIn: '2026-07-10' }],
    ['llegada', '', { checkIn: undefined }],
    ['salida', '2026-07-12', { checkOut: '2026-07-12' }],
    ['salida', '2026-02-30', { checkOut: undefined }],
    ['huespedes', '3', { guests: 3 }],
    ['huespedes', '0', { guests: 0 }],
    ['huespedes', '999', { guests: 50 }],
    ['huespedes', '', {}],
    ['huespedes', '2.5', {}],
    ['huespedes', '-1', {}],
  ] as const)('%s %j → %j', (segment, value, patch) => {
    expect(draftPatchOf(segment, value)).toEqual(patch)
  })
})
