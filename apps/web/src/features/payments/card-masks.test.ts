import { describe, expect, it } from 'vitest'
import { maskCardNumber, maskCvv, maskExpiryPart, maskHolderName, maskPhone } from './card-masks'

describe('card masks', () => {
  it.each([
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4111-1111 1111x1111', '4111 1111 1111 1111'],
    ['411', '411'],
    ['4111', '4111'],
    ['41111', '4111 1'],
    ['1234567890123456789999', '1234 5678 9012 3456 789'],
  ])('groups the card number %s as %s', (input, expected) => {
    expect(maskCardNumber(input)).toBe(expected)
  })

  it.each([
    ['1a2', '12'],
    ['123', '12'],
    ['', ''],
  ])('keeps two digits of the expiry %s', (input, expected) => {
    expect(maskExpiryPart(input)).toBe(expected)
  })

  it('keeps four digits of the CVV', () => {
    expect(maskCvv('12a345')).toBe('1234')
  })

  it('writes the holder name in capitals', () => {
    expect(maskHolderName('ana lópez núñez')).toBe('ANA LÓPEZ NÚÑEZ')
  })

  it.each([
    ['55 1234-5678', '5512345678'],
    ['+52 55 1234 5678', '5512345678'],
    ['551234567890', '5512345678'],
    ['55abc12', '5512'],
  ])('keeps ten digits of the phone %s', (input, expected) => {
    expect(maskPhone(input)).toBe(expected)
  })
})
