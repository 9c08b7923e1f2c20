import { describe, expect, it } from 'vitest'
import { createSecretBox, isSealed, SecretUnreadableError } from './secret-box.ts'

const KEY_A = 'llave-a-de-secretos-de-al-menos-32-caracteres'
const KEY_B = 'llave-b-de-secretos-de-al-menos-32-caracteres'
const TOKEN = 'Zm9vYmFyYmF6cXV4LWVqZW1wbG8tZGUtdG9rZW4'

describe('secret box', () => {
  it('seals a token so that it is not readable, and opens it in the same place', () => {
    const box = createSecretBox({ current: KEY_A, previous: [] })
    const sealed = box.seal(TOKEN, 'mail:verify-email:token')
    expect(isSealed(sealed)).toBe(true)
    expect(sealed).not.toContain(TOKEN)
    expect(box.seal(TOKEN, 'mail:verify-email:token')).not.toBe(sealed)
    expect(box.open(sealed, 'mail:verify-email:token')).toBe(TOKEN)
  })

  it('opens with another process built from the same key, and after a rotation with the old key kept', () => {
    const sealed = createSecretBox({ current: KEY_A, previous: [] }).seal(TOKEN, 'here')
    expect(createSecretBox({ current: KEY_A, previous: [] }).open(sealed, 'here')).toBe(TOKEN)
    const rotated = createSecretBox({ current: KEY_B, previous: [KEY_A] })
    expect(rotated.open(sealed, 'here')).toBe(TOKEN)
    expect(rotated.open(rotated.seal(TOKEN, 'here'), 'here')).toBe(TOKEN)
  })

  it.each([
    ['a key no longer configured', createSecretBox({ current: KEY_B, previous: [] }), 'here'],
    [
      'another place (a sealed value copied to another row)',
      createSecretBox({ current: KEY_A, previous: [] }),
      'there',
    ],
  ])('refuses to open a value sealed with %s', (_, box, context) => {
    const sealed = createSecretBox({ current: KEY_A, previous: [] }).seal(TOKEN, 'here')
    expect(() => box.open(sealed, context)).toThrow(SecretUnreadableError)
  })

  it('refuses a tampered value', () => {
    const box = createSecretBox({ current: KEY_A, previous: [] })
    const parts = box.seal(TOKEN, 'here').split('.')
    parts[3] = Buffer.from('otro-token').toString('base64url')
    expect(() => box.open(parts.join('.'), 'here')).toThrow(SecretUnreadableError)
  })

  it('hands back a token written in clear before sealing existed', () => {
    const box = createSecretBox({ current: KEY_A, previous: [] })
    expect(isSealed(TOKEN)).toBe(false)
    expect(box.open(TOKEN, 'here')).toBe(TOKEN)
  })
})
