import { describe, expect, it } from 'vitest'
import { describeJoinedBookings, VerifyEmailRequestSchema } from './email-verification.ts'

const invalid = 'El enlace para confirmar tu correo no es válido o ya expiró. Solicita uno nuevo.'

describe('VerifyEmailRequestSchema', () => {
  it('accepts a base64url token as the API writes it', () => {
    const token = 'Zm9vYmFyYmF6cXV4LWZvb2Jhcl9iYXpxdXhmb29iYXI'
    expect(VerifyEmailRequestSchema.parse({ token })).toEqual({ token })
  })

  it.each([
    ['missing', {}],
    ['a number', { token: 1234567890123456 }],
    ['too short', { token: 'abc' }],
    ['too long', { token: 'a'.repeat(201) }],
    ['with a NUL byte', { token: `${'a'.repeat(30)}\u0000` }],
    ['with a slash', { token: `${'a'.repeat(30)}/b` }],
    ['with spaces', { token: ` ${'a'.repeat(30)} ` }],
  ])('refuses a token %s with the link message', (_case, body) => {
    const issue = VerifyEmailRequestSchema.safeParse(body).error?.issues[0]
    expect(issue?.message).toBe(invalid)
    expect(issue?.path).toEqual(['token'])
  })
})

describe('describeJoinedBookings', () => {
  it.each([
    [{ reservations: 0, requests: 0 }, null],
    [{ reservations: 1, requests: 0 }, '1 reserva ahora está en tu cuenta.'],
    [{ reservations: 3, requests: 0 }, '3 reservas ahora están en tu cuenta.'],
    [{ reservations: 0, requests: 1 }, '1 solicitud de reserva ahora está en tu cuenta.'],
    [{ reservations: 0, requests: 2 }, '2 solicitudes de reserva ahora están en tu cuenta.'],
    [{ reservations: 1, requests: 1 }, '1 reserva y 1 solicitud de reserva ahora están en tu cuenta.'],
  ])('%o → %s', (joined, sentence) => {
    expect(describeJoinedBookings(joined)).toBe(sentence)
  })
})
