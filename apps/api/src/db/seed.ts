import { createHash } from 'node:crypto'
import { featuresFromAmenities, normalizeText } from '@cabanas/domain/catalog'
import { priceStay, type SeasonRate } from '@cabanas/domain/quotes'
import { addDays, type CalendarDate, requireValue } from '@cabanas/domain/shared'
import { count, inArray } from 'drizzle-orm'
import type { Database } from './client.ts'
import { cabinSeasons, cabins, reservations } from './schema.ts'
import { SEED_CABINS, type SeedCabin } from './seed-data/catalogue.ts'
import { imagePathsFor } from './seed-data/images.ts'

/** A stable uuid from a text, so seeded rows keep their ids across machines and runs. */
export function stableUuid(text: string): string {
  const hex = createHash('sha1').update(`cabanas-mx:${text}`).digest('hex')
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16)
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** Deterministic PRNG (mulberry32) seeded from a text. */
function randomFrom(text: string): () => number {
  let state = createHash('sha1').update(text).digest().readUInt32LE(0)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Easter Sunday (Gregorian computus). */
export function easterSunday(year: number): CalendarDate {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

const roundToFiftyPesos = (amount: number) => Math.round(amount / 50_00) * 50_00

/** High seasons of Mexican domestic travel: Semana Santa, summer holidays, Christmas–New Year. */
export function standardSeasons(cabin: Pick<SeedCabin, 'weekendRate'>, years: number[]): SeasonRate[] {
  return years.flatMap((year) => {
    const easter = easterSunday(year)
    return [
      {
        name: 'Semana Santa',
        startsOn: addDays(easter, -8),
        endsOn: addDays(easter, 1),
        nightlyRate: roundToFiftyPesos(cabin.weekendRate * 1.2),
      },
      { name: 'Verano', startsOn: `${year}-07-15`, endsOn: `${year}-08-21`, nightlyRate: cabin.weekendRate },
      {
        name: 'Navidad y Año Nuevo',
        startsOn: `${year}-12-20`,
        endsOn: `${year + 1}-01-03`,
        nightlyRate: roundToFiftyPesos(cabin.weekendRate * 1.3),
      },
    ]
  })
}

const GUESTS = [
  ['María', 'González'],
  ['José', 'Hernández'],
  ['Guadalupe', 'López'],
  ['Juan', 'Martínez'],
  ['Ana', 'Rodríguez'],
  ['Luis', 'Pérez'],
  ['Fernanda', 'Sánchez'],
  ['Carlos', 'Ramírez'],
  ['Sofía', 'Torres'],
  ['Miguel', 'Flores'],
] as const

/** A few paid reservations in the coming months, so availability matters in the demo. */
function demoReservationsFor(cabin: SeedCabin, cabinId: string, seasons: SeasonRate[], today: CalendarDate) {
  const random = randomFrom(`reservations:${cabin.slug}`)
  if (random() < 0.35) return []
  const rows: (typeof reservations.$inferInsert)[] = []
  let cursor = addDays(today, 3 + Math.floor(random() * 20))
  const howMany = 2 + Math.floor(random() * 4)
  for (let i = 0; i < howMany; i++) {
    const nights = Math.max(cabin.minNights, 1 + Math.floor(random() * 4))
    const checkIn = cursor
    const checkOut = addDays(checkIn, nights)
    const guests = cabin.minOccupancy + Math.floor(random() * (cabin.maxOccupancy - cabin.minOccupancy + 1))
    const price = priceStay({ ...cabin, seasons }, checkIn, checkOut)
    const [firstName, lastName] = requireValue(GUESTS[Math.floor(random() * GUESTS.length)], 'a guest name')
    rows.push({
      id: stableUuid(`reservation:${cabin.slug}:${checkIn}`),
      cabinId,
      checkIn,
      checkOut,
      guests,
      status: 'active',
      paymentStatus: 'PAID',
      nights,
      totalPrice: price.totalPrice,
      serviceCommission: price.serviceCommission,
      guestFirstName: firstName,
      guestLastName: lastName,
      guestEmail: `${normalizeText(firstName)}.${normalizeText(lastName)}@ejemplo.mx`,
      guestPhone: `55${String(10_000_000 + Math.floor(random() * 89_999_999))}`,
    })
    cursor = addDays(checkOut, 2 + Math.floor(random() * 30))
  }
  return rows
}

export type SeedResult = { cabins: number; reservations: number }

/**
 * Loads the demo catalogue. Idempotent: cabins already present (by slug) are left alone, and only
 * newly inserted cabins get seasons and demo reservations. Deterministic for a given `today`.
 */
export async function seedDatabase(db: Database, { today }: { today: CalendarDate }): Promise<SeedResult> {
  const year = Number(today.slice(0, 4))
  const years = [year - 1, year, year + 1, year + 2]
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ slug: cabins.slug })
      .from(cabins)
      .where(
        inArray(
          cabins.slug,
          SEED_CABINS.map((c) => c.slug),
        ),
      )
    const present = new Set(existing.map((row) => row.slug))
    const fresh = SEED_CABINS.filter((cabin) => !present.has(cabin.slug))
    if (fresh.length === 0) return { cabins: 0, reservations: 0 }

    const seasonsBySlug = new Map(
      fresh.map((cabin) => [
        cabin.slug,
        cabin.seasons.length > 0 ? cabin.seasons : standardSeasons(cabin, years),
      ]),
    )
    await tx.insert(cabins).values(fresh.map(toCabinRow))
    await tx.insert(cabinSeasons).values(
      fresh.flatMap((cabin) =>
        requireValue(seasonsBySlug.get(cabin.slug), 'the seasons of a seeded cabin').map((season) => ({
          cabinId: stableUuid(`cabin:${cabin.slug}`),
          ...season,
        })),
      ),
    )
    const demo = fresh.flatMap((cabin) =>
      demoReservationsFor(
        cabin,
        stableUuid(`cabin:${cabin.slug}`),
        requireValue(seasonsBySlug.get(cabin.slug), 'the seasons of a seeded cabin'),
        today,
      ),
    )
    if (demo.length > 0) await tx.insert(reservations).values(demo)
    return { cabins: fresh.length, reservations: demo.length }
  })
}

export function toCabinRow(cabin: SeedCabin): typeof cabins.$inferInsert {
  return {
    id: stableUuid(`cabin:${cabin.slug}`),
    slug: cabin.slug,
    name: cabin.name,
    accommodationType: cabin.accommodationType,
    description: cabin.description,
    population: cabin.population,
    state: cabin.state,
    latitude: cabin.latitude,
    longitude: cabin.longitude,
    minOccupancy: cabin.minOccupancy,
    maxOccupancy: cabin.maxOccupancy,
    bedrooms: cabin.bedrooms,
    beds: cabin.beds,
    bathrooms: cabin.bathrooms,
    weekdayRate: cabin.weekdayRate,
    weekendRate: cabin.weekendRate,
    minNights: cabin.minNights,
    images: imagePathsFor(cabin.slug),
    restrictions: cabin.restrictions.map((message) => ({ message })),
    features: featuresFromAmenities(cabin.amenities),
  }
}

export async function countCabins(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cabins)
  return row?.n ?? 0
}
