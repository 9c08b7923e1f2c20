import { describe, expect, it } from 'vitest'
import { PasswordChangeRequestSchema } from './password-change.ts'

const change = { currentPassword: 'vieja-clave', newPassword: 'nueva-clave', confirmPassword: 'nueva-clave' }

describe('PasswordChangeRequestSchema', () => {
  it('accepts a confirmed new password', () => {
    expect(PasswordChangeRequestSchema.parse(change)).toEqual(change)
  })

  it.each([
    [{ currentPassword: '' }, 'Ingresa tu contraseña actual', 'currentPassword'],
    [
      { newPassword: '123', confirmPassword: '123' },
      'La contraseña debe tener al menos 6 caracteres',
      'newPassword',
    ],
    [{ confirmPassword: 'otra-clave' }, 'Las contraseñas no coinciden', 'confirmPassword'],
    [
      { newPassword: 'vieja-clave', confirmPassword: 'vieja-clave' },
      'La nueva contraseña debe ser distinta de la actual',
      'newPassword',
    ],
  ])('refuses %o', (changes, message, field) => {
    const issue = PasswordChangeRequestSchema.safeParse({ ...change, ...changes }).error?.issues[0]
    expect(issue?.message).toBe(message)
    expect(issue?.path).toEqual([field])
  })
})
