import { describe, expect, it } from 'vitest'
import { MessageBodySchema, messageMessages } from './message-schemas.ts'

const refusal = (value: unknown) => MessageBodySchema.safeParse(value).error?.issues[0]?.message

describe('MessageBodySchema', () => {
  it('keeps plain text, line breaks and HTML as typed, trimmed', () => {
    expect(MessageBodySchema.parse('  Hola,\r\n¿hay leña?\n<b>gracias</b>  ')).toBe(
      'Hola,\n¿hay leña?\n<b>gracias</b>',
    )
  })

  it('takes 2000 characters, not one more', () => {
    expect(MessageBodySchema.parse('a'.repeat(2000))).toHaveLength(2000)
    expect(refusal('a'.repeat(2001))).toBe(messageMessages.tooLong)
  })

  it.each([
    ['', messageMessages.required],
    [' \n\n ', messageMessages.required],
    ['hola\u0000', messageMessages.controlCharacters],
    ['hola\u001b[31m', messageMessages.controlCharacters],
    ['tab\taquí', messageMessages.controlCharacters],
    ['\ud800', messageMessages.controlCharacters],
    [42, messageMessages.notText],
    [null, messageMessages.notText],
  ])('refuses %j in Spanish', (value, message) => {
    expect(refusal(value)).toBe(message)
  })
})
