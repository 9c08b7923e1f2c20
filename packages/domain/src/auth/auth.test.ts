import { describe, expect, it } from 'vitest'
import {
  LoginRequestSchema,
  normalizeMexicanPhone,
  ProfileUpdateSchema,
  RegisterRequestSchema,
} from './auth.ts'

const register = {
  firstName: 'Ana',
  lastName: 'Rodríguez',
  email: 'ana@ejemplo.mx',
  password: 'secreta1',
  confirmPassword: 'secreta1',
  acceptTerms: true,
}

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('RegisterRequestSchema', () => {
  it('accepts a complete registration and writes the phone as +52 and 10 digits', () => {
    expect(RegisterRequestSchema.parse({ ...register, phone: '55 1234-5678' }).phone).toBe('+525512345678')
    expect(RegisterRequestSchema.parse(register).phone).toBeUndefined()
  })
  it.each([
    [{ firstName: 'A' }, 'El nombre debe tener al menos 2 caracteres'],
    [{ lastName: 'R' }, 'El apellido debe tener al menos 2 caracteres'],
    [{ email: 'ana' }, 'Correo electrónico inválido'],
    [{ phone: '12345' }, 'El teléfono debe tener exactamente 10 dígitos'],
    [{ password: '123', confirmPassword: '123' }, 'La contraseña debe tener al menos 6 caracteres'],
    [{ confirmPassword: 'otra-cosa' }, 'Las contraseñas no coinciden'],
    [{ acceptTerms: false }, 'Debes aceptar los términos y condiciones'],
  ])('refuses %o', (change, message) => {
    expect(firstMessage(RegisterRequestSchema.safeParse({ ...register, ...change }))).toBe(message)
  })
  it('puts the mismatch on the confirm field', () => {
    const result = RegisterRequestSchema.safeParse({ ...register, confirmPassword: 'x' })
    expect(result.error?.issues[0]?.path).toEqual(['confirmPassword'])
  })
})

describe('LoginRequestSchema', () => {
  it('defaults rememberMe to false', () => {
    expect(LoginRequestSchema.parse({ email: 'a@b.mx', password: '123456' }).rememberMe).toBe(false)
  })
})

describe('ProfileUpdateSchema', () => {
  it('accepts a phone already prefixed with +52', () => {
    expect(
      ProfileUpdateSchema.parse({ firstName: 'Ana', lastName: 'Ruiz', phone: '+52 55 1234 5678' }).phone,
    ).toBe('+525512345678')
  })
})

describe('normalizeMexicanPhone', () => {
  it.each([
    ['+52 55 1234 5678', '5512345678'],
    ['52-55-1234-5678', '5512345678'],
    ['5512345678', '5512345678'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (phone, digits) => {
    expect(normalizeMexicanPhone(phone)).toBe(digits)
  })
})
