import { describe, expect, it } from 'vitest'
import { checkClabe, clabeCheckDigit, clabeLast4, clabeMessages, isValidClabe, maskClabe } from './clabe.ts'

describe('checkClabe', () => {
  it.each([
    ['002180000118359710', 'Banamex', '180'],
    ['012180012345678909', 'BBVA México', '180'],
    ['014320654321098761', 'Santander', '320'],
    ['072320001122334455', 'Banorte', '320'],
    ['127180123456789011', 'Banco Azteca', '180'],
    ['638180000001234565', 'Nu México', '180'],
    ['646180158000012347', 'STP', '180'],
    ['722969001234567892', 'Mercado Pago', '969'],
  ])('accepts %s (%s, plaza %s)', (clabe, bankName, plaza) => {
    const result = checkClabe(clabe)
    expect(result).toEqual({
      ok: true,
      clabe,
      parts: { bankCode: clabe.slice(0, 3), bankName, plaza, account: clabe.slice(6, 17) },
    })
  })

  it.each([
    ['groups separated by spaces', '012 180 01234567890 9', '012180012345678909'],
    ['groups separated by dashes', '012-180-01234567890-9', '012180012345678909'],
  ])('accepts %s', (_case, typed, clabe) => {
    expect(checkClabe(typed)).toMatchObject({ ok: true, clabe })
  })

  it.each([
    ['17 digits', '01218001234567890', clabeMessages.length],
    ['19 digits', '0121800123456789090', clabeMessages.length],
    ['a letter among the digits', '01218001234567890A', clabeMessages.length],
    ['a card number (16 digits)', '4111111111111111', clabeMessages.length],
    ['nothing', '', clabeMessages.length],
    ['full-width digits', '０１２１８００１２３４５６７８９０９', clabeMessages.length],
    // IXE (032) left SPEI when it merged into Banorte: the check digit is right, the bank is gone.
    ['a bank code no SPEI participant has', '032180000118359719', clabeMessages.bank],
    ['the bank code 000', '000180000118359713', clabeMessages.bank],
    ['a wrong check digit', '012180012345678900', clabeMessages.checkDigit],
    ['two swapped digits', '012180012345678099', clabeMessages.checkDigit],
    ['one mistyped account digit', '002180000118359810', clabeMessages.checkDigit],
  ])('refuses %s', (_case, clabe, message) => {
    expect(checkClabe(clabe)).toEqual({ ok: false, message })
    expect(isValidClabe(clabe)).toBe(false)
  })

  it('has the messages the host reads', () => {
    expect(clabeMessages.length).toBe('La CLABE debe tener 18 dígitos')
    expect(clabeMessages.checkDigit).toBe('La CLABE no es válida: revisa el dígito verificador')
  })
})

describe('clabeCheckDigit', () => {
  it.each([
    // The worked example of the CLABE standard (an old IXE account): its check digit is 9.
    ['03218000011835971', 9],
    ['00218000011835971', 0],
    ['01218001234567890', 9],
  ])('is the weighted sum rule for %s → %i', (first17, digit) => {
    expect(clabeCheckDigit(first17)).toBe(digit)
  })
})

describe('masking', () => {
  it('shows only the last 4 digits', () => {
    expect(clabeLast4('012180012345678909')).toBe('8909')
    expect(maskClabe('8909')).toBe('•••• 8909')
  })
})
