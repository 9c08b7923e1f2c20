import { randomUUID } from 'node:crypto'
import { type AmenityKey, featuresFromAmenities } from '@cabanas/domain/catalog'
import { addDays, type CalendarDate, nightsBetween } from '@cabanas/domain/shared'
import type { Database } from '../db/client.ts'
import {
  bookingRequests,
  cabinBlocks,
  cabinNightPrices,
  cabinSeasons,
  cabins,
  clients,
  reservations,
} from '../db/schema.ts'
import { must } from './must.ts'

type CabinOverrides = Partial<Omit<typeof cabins.$inferInsert, 'features'>> & {
  amenities?: AmenityKey[]
}

/** Inserts a cabin with sensible defaults; override only what the test is about. */
export async function insertCabin(db: Database, overrides: CabinOverrides = {}) {
  const id = overrides.id ?? randomUUID()
  const population = overrides.population ?? 'Mazamitla'
  const state = overrides.state ?? 'Jalisco'
  const amenities = overrides.amenities ?? ['wifi', 'fireplace', 'forestView']
  const { amenities: _amenities, ...columns } = overrides
  const [row] = await db
    .insert(cabins)
    .values({
      slug: `test-${id}`,
      name: 'Cabaña de prueba',
      accommodationType: 'Cabaña',
      description: 'Una cabaña de prueba entre pinos.',
      latitude: 19.9156,
      longitude: -103.0197,
      minOccupancy: 1,
      maxOccupancy: 4,
      bedrooms: 2,
      beds: 2,
      bathrooms: 1,
      weekdayRate: 1_500_00,
      weekendRate: 1_800_00,
      minNights: 1,
      images: [{ url: '/media/test/1.webp', preview: '/media/test/1-card.webp', alt: 'Exterior' }],
      restrictions: [],
      ...columns,
      id,
      population,
      state,
      features: featuresFromAmenities(amenities),
    })
    .returning()
  return must(row, 'row')
}

export async function insertSeason(db: Database, values: typeof cabinSeasons.$inferInsert) {
  const [row] = await db.insert(cabinSeasons).values(values).returning()
  return must(row, 'row')
}

/** Nights closed in a cabin's calendar, as its host's 'Bloquear' leaves them. */
export async function insertBlock(
  db: Database,
  values: Partial<typeof cabinBlocks.$inferInsert> & { cabinId: string; startsOn: CalendarDate },
) {
  const [row] = await db
    .insert(cabinBlocks)
    .values({ ...values, endsOn: values.endsOn ?? addDays(values.startsOn, 2) })
    .returning()
  return must(row, 'row')
}

/** A night's own price in a cabin's calendar. */
export async function insertNightPrice(db: Database, values: typeof cabinNightPrices.$inferInsert) {
  const [row] = await db.insert(cabinNightPrices).values(values).returning()
  return must(row, 'row')
}

type ReservationOverrides = Partial<typeof reservations.$inferInsert> & {
  cabinId: string
  checkIn: CalendarDate
}

export async function insertReservation(db: Database, overrides: ReservationOverrides) {
  const checkOut = overrides.checkOut ?? addDays(overrides.checkIn, 2)
  const [row] = await db
    .insert(reservations)
    .values({
      guests: 2,
      status: 'active',
      paymentStatus: 'PAID',
      nights: nightsBetween(overrides.checkIn, checkOut),
      totalPrice: 3_360_00,
      serviceCommission: 360_00,
      guestFirstName: 'Ana',
      guestLastName: 'Rodríguez',
      guestEmail: 'ana@ejemplo.mx',
      guestPhone: '5512345678',
      ...overrides,
      checkOut,
    })
    .returning()
  return must(row, 'row')
}

type BookingRequestOverrides = Partial<typeof bookingRequests.$inferInsert> & {
  cabinId: string
  checkIn: CalendarDate
}

/** A 'Solicitar reserva' request, by default 2 nights for 2 guests. */
export async function insertBookingRequest(db: Database, overrides: BookingRequestOverrides) {
  const checkOut = overrides.checkOut ?? addDays(overrides.checkIn, 2)
  const [row] = await db
    .insert(bookingRequests)
    .values({
      guests: 2,
      nights: nightsBetween(overrides.checkIn, checkOut),
      totalPrice: 3_360_00,
      fullName: 'Ana Rodríguez',
      email: 'ana@ejemplo.mx',
      phone: '5512345678',
      ...overrides,
      checkOut,
    })
    .returning()
  return must(row, 'row')
}

/** A registered client; its password hash is not a real one (it cannot sign in). */
export async function insertClient(db: Database, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({
      firstName: 'Sofía',
      lastName: 'Torres',
      email: `cliente-${randomUUID()}@ejemplo.mx`,
      passwordHash: 'no-es-un-hash',
      ...overrides,
    })
    .returning()
  return must(row, 'row')
}
