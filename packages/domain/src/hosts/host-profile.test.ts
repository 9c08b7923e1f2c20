import { describe, expect, it } from 'vitest'
import { clabeMessages } from './clabe.ts'
import { HostProfileCreateSchema, HostProfileUpdateSchema, hostMessages } from './host-profile.ts'

const valid = { displayName: 'Cabañas Don Beto', phone: '55 1234 5678', clabe: '012 180 01234567890 9' }

const messagesOf = (result: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []

describe('HostProfileCreateSchema', () => {
  it('normalizes the phone to +52 and the CLABE to its 18 digits', () => {
    expect(HostProfileCreateSchema.parse(valid)).toEqual({
      displayName: 'Cabañas Don Beto',
      phone: '+525512345678',
      clabe: '012180012345678909',
    })
  })

  it.each([
    ['displayName', { displayName: 'A' }, hostMessages.displayName],
    ['displayName', { displayName: 'x'.repeat(61) }, hostMessages.displayName],
    ['phone', { phone: '55 1234 567' }, hostMessages.phone],
    ['phone', { phone: undefined }, hostMessages.phone],
    ['clabe', { clabe: '01218001234567890' }, clabeMessages.length],
    ['clabe', { clabe: '012180012345678900' }, clabeMessages.checkDigit],
    ['clabe', { clabe: undefined }, clabeMessages.length],
  ])('refuses a bad %s with its Spanish message', (field, override, message) => {
    expect(messagesOf(HostProfileCreateSchema.safeParse({ ...valid, ...override }))).toEqual([
      [field, message],
    ])
  })
})

describe('HostProfileUpdateSchema', () => {
  it('keeps the stored CLABE when none is sent', () => {
    const { clabe: _clabe, ...rest } = valid
    expect(HostProfileUpdateSchema.parse(rest)).toEqual({
      displayName: 'Cabañas Don Beto',
      phone: '+525512345678',
    })
  })

  it('still checks a CLABE that is sent', () => {
    expect(messagesOf(HostProfileUpdateSchema.safeParse({ ...valid, clabe: '012180012345678900' }))).toEqual([
      ['clabe', clabeMessages.checkDigit],
    ])
  })
})
