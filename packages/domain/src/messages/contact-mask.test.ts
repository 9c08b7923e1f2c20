import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CONTACT_MASK, isStayConfirmed, maskContactData, messageTextToStore } from './contact-mask.ts'

const mask = (text: string) => maskContactData(text).text

describe('maskContactData', () => {
  it.each([
    ['mi cel es 55 1234 5678', `mi cel es ${CONTACT_MASK}`],
    ['escríbeme a ana@correo.mx', `escríbeme a ${CONTACT_MASK}`],
    ['Mándame whats al +52 (33) 1234-5678, porfa', `Mándame whats al ${CONTACT_MASK}, porfa`],
    ['mi número: 5512345678.', `mi número: ${CONTACT_MASK}.`],
    [
      'aquí: wa.me/5215512345678 o https://api.whatsapp.com/send?phone=52155',
      `aquí: ${CONTACT_MASK} o ${CONTACT_MASK}`,
    ],
    ['Correo: Juan.Pérez+cabañas@sub.ejemplo.com.mx gracias', `Correo: ${CONTACT_MASK} gracias`],
    ['llámame al 55.12.34.56.78\ny te explico', `llámame al ${CONTACT_MASK}\ny te explico`],
    ['llego el 2026-07-10, mi cel 55-1234-5678', `llego el 2026-07-10, mi cel ${CONTACT_MASK}`],
  ])('hides the contact data in %j', (text, expected) => {
    expect(maskContactData(text)).toEqual({ text: expected, masked: true })
  })

  it.each([
    'Llegamos el 12 de julio a las 3 pm, somos 4 adultos y 2 niños.',
    '¿Hay leña para la chimenea? El precio de $1,500.00 incluye limpieza?',
    'El código de la reja es 1234 y la casa es la número 56',
    '<script>alert(1)</script> <img src=x onerror=alert(1)>',
    'Nos vemos en la caseta del km 42',
    'Llegamos el 2026-07-10 y salimos el 2026-07-12',
    'Del 10-07-2026 al 12-07-2026, o 10/07/26 - 12/07/26, o el 10.07.2026',
  ])('leaves %j as it is', (text) => {
    expect(maskContactData(text)).toEqual({ text, masked: false })
  })

  const words = fc.stringMatching(/^[a-záéíóúñ ,.¿?!]{0,40}$/)

  it('hides every e-mail address, wherever it is in the text', () => {
    fc.assert(
      fc.property(words, fc.emailAddress(), words, (before, email, after) => {
        const result = maskContactData(`${before} ${email} ${after}`)
        expect(result.masked).toBe(true)
        expect(result.text).not.toContain('@')
        expect(result.text).toContain(CONTACT_MASK)
      }),
    )
  })

  it('hides every phone number of 8 to 15 digits, however its digits are grouped', () => {
    const separator = fc.constantFrom('', ' ', '-', '.', ' - ')
    const phone = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 9 }), separator), { minLength: 8, maxLength: 15 })
      .map((parts) =>
        parts
          .map(([digit, sep]) => `${digit}${sep}`)
          .join('')
          .trim(),
      )
    fc.assert(
      fc.property(words, fc.boolean(), phone, words, (before, plus, number, after) => {
        const result = maskContactData(`${before} ${plus ? '+' : ''}${number} ${after}`)
        expect(result.masked).toBe(true)
        expect(result.text.replace(/\D/g, '')).toBe('')
      }),
    )
  })

  it('changes no text without an @, a WhatsApp link or 8 digits together', () => {
    const safe = fc
      .stringMatching(/^[a-zA-Záéíóúñ ,.¿?!\n<>/=]{0,60}$/)
      .filter((text) => !/wa\.|whatsapp/i.test(text))
    const shortNumber = fc.integer({ min: 0, max: 9_999_999 }).map(String)
    fc.assert(
      fc.property(safe, shortNumber, safe, (before, number, after) => {
        const text = `${before} ${number} ${after}`
        expect(maskContactData(text)).toEqual({ text, masked: false })
      }),
    )
  })

  it('is idempotent: a masked text is masked already', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(mask(mask(text))).toBe(mask(text))
      }),
    )
  })
})

describe('isStayConfirmed', () => {
  it.each([
    ['active', 'PAID', true],
    ['completed', 'PAID', true],
    ['pending', 'PENDING', false],
    ['pending', 'PAID', false],
    ['cancelled', 'PAID', false],
    ['cancelled', 'REFUNDED', false],
    ['active', 'PENDING', false],
  ] as const)('%s and %s → %s', (status, paymentStatus, expected) => {
    expect(isStayConfirmed({ status, paymentStatus })).toBe(expected)
  })
})

describe('messageTextToStore', () => {
  it('keeps a confirmed stay’s message as sent', () => {
    expect(messageTextToStore('mi cel es 55 1234 5678', { confirmed: true, maxLength: 2000 })).toEqual({
      text: 'mi cel es 55 1234 5678',
      masked: false,
    })
  })

  it('hides contact data before, and never grows past the limit', () => {
    const body = '5512345678, '.repeat(160).trim()
    const stored = messageTextToStore(body, { confirmed: false, maxLength: 2000 })
    expect(stored.masked).toBe(true)
    expect(Array.from(stored.text)).toHaveLength(2000)
    expect(stored.text).not.toMatch(/\d/)
  })
})
