import { describe, expect, it } from 'vitest'
import { whatsappUrl } from './whatsapp.ts'

describe('whatsappUrl', () => {
  it('writes a Mexican number with its country code and digits only', () => {
    expect(whatsappUrl('+52 55 1234 5678')).toBe('https://wa.me/525512345678')
    expect(whatsappUrl('(55) 1234-5678')).toBe('https://wa.me/525512345678')
    expect(whatsappUrl('+1 415 555 0100')).toBe('https://wa.me/14155550100')
  })

  it('gives no link for a number too short or too long', () => {
    expect(whatsappUrl('12345')).toBeNull()
    expect(whatsappUrl('+52 55 1234 5678 9999 99')).toBeNull()
  })
})
