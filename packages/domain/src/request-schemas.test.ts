/**
 * Every request schema of the domain against hostile input: each text field refuses control
 * characters and each number field refuses anything but a JSON number. The fields are found by
 * walking a valid request, so a field added later is covered without touching this file.
 */

import { describe, expect, it } from 'vitest'
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  ProfileUpdateSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
} from './auth/auth.ts'
import { VerifyEmailRequestSchema } from './auth/email-verification.ts'
import { PasswordChangeRequestSchema } from './auth/password-change.ts'
import { AvailabilityCheckRequestSchema, DateRangeQuerySchema } from './availability/availability.ts'
import { BookingRequestSchema } from './bookings/booking-request.ts'
import { ChargeRequestSchema } from './bookings/charge.ts'
import {
  BlockNightsBodySchema,
  HostCalendarQuerySchema,
  NightPricesBodySchema,
  NightRangeBodySchema,
} from './calendar/calendar-api.ts'
import { CabinIdParamsSchema, CabinListQuerySchema } from './catalog/cabin.ts'
import { HostProfileCreateSchema, HostProfileUpdateSchema } from './hosts/host-profile.ts'
import { must } from './must.fixtures.ts'
import { QuoteRequestSchema } from './quotes/quote.ts'
import { ReservationUpdateSchema } from './reservations/reservation-view.ts'
import { TripLinkRequestSchema } from './reservations/trip-link.ts'
import type { z } from './shared/zod.ts'

type Path = (string | number)[]
type Leaf = { path: Path; value: unknown }

const cabinId = '0b5b7a4e-8f1c-4c1e-9a5e-3d2f1c0b9a8e'
const stay = { checkIn: '2026-07-01', checkOut: '2026-07-03' }

/** A valid request of each schema; every leaf of it is attacked below. */
const requests: [string, z.ZodType, Record<string, unknown>][] = [
  [
    'LoginRequestSchema',
    LoginRequestSchema,
    { email: 'ana@ejemplo.mx', password: 'secreta1', rememberMe: true },
  ],
  [
    'RegisterRequestSchema',
    RegisterRequestSchema,
    {
      firstName: 'Ana',
      lastName: 'Rodríguez',
      email: 'ana@ejemplo.mx',
      password: 'secreta1',
      confirmPassword: 'secreta1',
      phone: '5512345678',
      acceptTerms: true,
    },
  ],
  [
    'ProfileUpdateSchema',
    ProfileUpdateSchema,
    { firstName: 'Ana', lastName: 'Rodríguez', phone: '5512345678' },
  ],
  ['ForgotPasswordRequestSchema', ForgotPasswordRequestSchema, { email: 'ana@ejemplo.mx' }],
  [
    'PasswordChangeRequestSchema',
    PasswordChangeRequestSchema,
    { currentPassword: 'vieja-clave', newPassword: 'nueva-clave', confirmPassword: 'nueva-clave' },
  ],
  [
    'ResetPasswordRequestSchema',
    ResetPasswordRequestSchema,
    {
      token: 'Zm9vYmFyYmF6cXV4LWZvb2Jhcl9iYXpxdXhmb29iYXI',
      password: 'secreta1',
      confirmPassword: 'secreta1',
    },
  ],
  ['QuoteRequestSchema', QuoteRequestSchema, { habitacionId: cabinId, ...stay, guests: 2 }],
  ['AvailabilityCheckRequestSchema', AvailabilityCheckRequestSchema, { cabinId, ...stay }],
  ['DateRangeQuerySchema', DateRangeQuerySchema, stay],
  ['CabinIdParamsSchema', CabinIdParamsSchema, { id: cabinId }],
  [
    'BookingRequestSchema',
    BookingRequestSchema,
    {
      fullName: 'Ana Rodríguez',
      email: 'ana@ejemplo.mx',
      phone: '55 1234 5678',
      guests: 2,
      cabinId,
      ...stay,
    },
  ],
  [
    'ChargeRequestSchema',
    ChargeRequestSchema,
    {
      reservationId: cabinId,
      method: 'card',
      token_id: 'kqgykn96i7bcs1wwhvgw',
      device_session_id: 'Ab0Cd1Ef2Gh3Ij4Kl5Mn6Op7Qr8St9Uv',
      customerData: {
        name: 'Ana',
        last_name: 'López',
        phone_number: '3312345678',
        email: 'pagos@ejemplo.mx',
      },
      reservationData: {
        cabinId,
        cabinName: 'Cabaña del Bosque',
        ...stay,
        guests: 2,
        nights: 2,
        location: 'Mazamitla, Jalisco',
        maxOccupancy: 4,
        pricing: {
          basePrice: 300_000,
          totalPrice: 345_000,
          cleaningFee: 0,
          serviceFee: 0,
          comisionServicio: 45_000,
          taxes: 0,
        },
        guestInfo: {
          firstName: 'Ana',
          lastName: 'López',
          email: 'ana@ejemplo.mx',
          phone: '3312345678',
          specialRequests: 'Llegamos tarde.\nCuna, por favor.',
        },
      },
      clienteWebId: cabinId,
    },
  ],
  [
    'ReservationUpdateSchema',
    ReservationUpdateSchema,
    { email: 'ana@ejemplo.mx', phone: '3312345678', specialRequests: 'Cuna,\tpor favor.' },
  ],
  ['TripLinkRequestSchema', TripLinkRequestSchema, { email: 'ana@ejemplo.mx' }],
  [
    'HostProfileCreateSchema',
    HostProfileCreateSchema,
    { displayName: 'Cabañas Don Beto', phone: '5512345678', clabe: '012180012345678909' },
  ],
  [
    'HostProfileUpdateSchema',
    HostProfileUpdateSchema,
    { displayName: 'Cabañas Don Beto', phone: '5512345678', clabe: '012180012345678909' },
  ],
  [
    'BlockNightsBodySchema',
    BlockNightsBodySchema,
    { startsOn: '2026-07-10', endsOn: '2026-07-12', note: 'Boda de mi prima' },
  ],
  ['NightRangeBodySchema', NightRangeBodySchema, { startsOn: '2026-07-10', endsOn: '2026-07-12' }],
  [
    'NightPricesBodySchema',
    NightPricesBodySchema,
    { startsOn: '2026-07-10', endsOn: '2026-07-12', nightlyRate: 2_350_00 },
  ],
  ['HostCalendarQuerySchema', HostCalendarQuerySchema, { from: '2026-06-28', to: '2026-08-09' }],
  [
    'VerifyEmailRequestSchema',
    VerifyEmailRequestSchema,
    { token: 'Zm9vYmFyYmF6cXV4LWZvb2Jhcl9iYXpxdXhmb29iYXI' },
  ],
]

function leavesOf(value: unknown, path: Path = []): Leaf[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leavesOf(child, [...path, key]))
  }
  return [{ path, value }]
}

function withLeaf(value: unknown, path: Path, leaf: unknown): unknown {
  if (path.length === 0) return leaf
  const [key, ...rest] = path as [string, ...Path]
  const object = value as Record<string, unknown>
  return { ...object, [key]: withLeaf(object[key], rest, leaf) }
}

const textCases = requests.flatMap(([name, schema, request]) =>
  leavesOf(request)
    .filter((leaf) => typeof leaf.value === 'string' && leaf.value !== 'card')
    .map((leaf) => [`${name}.${leaf.path.join('.')}`, schema, request, leaf] as const),
)
const numberCases = requests.flatMap(([name, schema, request]) =>
  leavesOf(request)
    .filter((leaf) => typeof leaf.value === 'number')
    .map((leaf) => [`${name}.${leaf.path.join('.')}`, schema, request, leaf] as const),
)

/** Spanish: what our messages look like (the Zod locale is Spanish too, but ours name the field). */
const SPANISH = /caracteres no permitidos|no es válid|inválid|dígitos|número entero|fecha/

describe('every text field of every request schema', () => {
  it('starts from valid requests', () => {
    for (const [, schema, request] of requests) expect(schema.safeParse(request).error).toBeUndefined()
  })

  it.each(textCases)(
    '%s refuses NUL, SOH, ESC and DEL with a Spanish message',
    (_name, schema, request, leaf) => {
      for (const control of ['\u0000', '\u0001', '\u001b', '\u007f']) {
        const hostile = withLeaf(request, leaf.path, `${String(leaf.value).slice(0, 3)}${control}x`)
        const result = schema.safeParse(hostile)
        expect(result.success).toBe(false)
        const issue = result.error?.issues.find(
          (candidate) => candidate.path.join('.') === leaf.path.join('.'),
        )
        expect(issue?.message).toMatch(SPANISH)
      }
    },
  )
})

describe('every number field of every request schema', () => {
  it.each(numberCases)('%s accepts only a JSON integer', (_name, schema, request, leaf) => {
    const n = leaf.value as number
    for (const hostile of [String(n), ` ${n} `, '0x2', [n], true, null, n + 0.5, -1]) {
      const result = schema.safeParse(withLeaf(request, leaf.path, hostile))
      expect(result.success, `${JSON.stringify(hostile)} accepted`).toBe(false)
      const issue = result.error?.issues.find((candidate) => candidate.path.join('.') === leaf.path.join('.'))
      expect(issue?.message).toMatch(/número entero|negativ|huéspedes/)
    }
  })
})

const requestOf = (name: string) =>
  must(
    requests.find(([schemaName]) => schemaName === name),
    'requests.find(([schemaName]) => schemaName === name)',
  )[2]

describe('multi-line free text', () => {
  it.each([
    [
      'ChargeRequestSchema',
      ChargeRequestSchema,
      requestOf('ChargeRequestSchema'),
      ['reservationData', 'guestInfo', 'specialRequests'],
    ],
    [
      'ReservationUpdateSchema',
      ReservationUpdateSchema,
      requestOf('ReservationUpdateSchema'),
      ['specialRequests'],
    ],
  ] as const)('%s keeps tab and line feed in special requests', (_name, schema, request, path) => {
    const notes = 'Llegamos tarde.\n\tCuna, por favor.'
    expect(schema.safeParse(withLeaf(request, [...path], notes)).success).toBe(true)
    expect(schema.safeParse(withLeaf(request, [...path], 'Cuna\r\npor favor')).success).toBe(false)
  })
})

describe('query strings', () => {
  it.each([' 3 ', '3 ', '+3', '0x2', '1e1', '2.5', '3\u0000', ['3', '4']])(
    'CabinListQuerySchema refuses limit=%j',
    (limit) => {
      expect(CabinListQuerySchema.safeParse({ limit }).error?.issues[0]?.message).toBe(
        'El parámetro limit debe ser un número entero',
      )
    },
  )

  it('reads plain digits and defaults the rest', () => {
    expect(CabinListQuerySchema.parse({ limit: '20', offset: '40' })).toEqual({ limit: 20, offset: 40 })
    expect(CabinListQuerySchema.parse({})).toEqual({ limit: 100, offset: 0 })
  })
})
