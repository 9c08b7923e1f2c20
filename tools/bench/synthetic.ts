import { type AmenityKey, featuresFromAmenities } from '@cabanas/domain/catalog'
import { addDays, type CalendarDate, requireValue } from '@cabanas/domain/shared'
import { sql } from 'drizzle-orm'
import type { Database } from '../../apps/api/src/db/client.ts'

const WORDS = ['Pinar', 'Sierra', 'Valle', 'Cañada', 'Mirador', 'Bosque', 'Laguna', 'Cumbre', 'Río', 'Colina']
const STATES = [
  'Jalisco',
  'Michoacán',
  'Puebla',
  'Hidalgo',
  'Estado de México',
  'Chihuahua',
  'Oaxaca',
  'Veracruz',
]

export type SyntheticDestination = { population: string; state: string }

/** `count` invented destinations spread over the eight states. */
export function syntheticDestinations(count: number): SyntheticDestination[] {
  return Array.from({ length: count }, (_, i) => ({
    population: `${WORDS[i % WORDS.length]} ${Math.floor(i / WORDS.length) + 1}`,
    state: requireValue(STATES[i % STATES.length], 'a state'),
  }))
}

/** 250 invented destinations, about 40 cabins each at 10,000 cabins. */
export const SYNTHETIC_DESTINATIONS = syntheticDestinations(250)

const AMENITY_PATTERNS: AmenityKey[][] = [
  ['wifi', 'fireplace', 'forestView', 'freeParking', 'kitchen', 'privateBathroom', 'hotWater'],
  ['wifi', 'pool', 'airConditioning', 'oceanView', 'privateBathroom', 'bbqGrill'],
  ['petsAllowed', 'fireplace', 'hiking', 'bonfire', 'sharedBathroom', 'kitchen'],
  ['wifi', 'jacuzzi', 'lakeView', 'kayak', 'privateBathroom', 'smartTv', 'terrace'],
]

/**
 * Loads `cabins` synthetic cabins and `reservationsPerCabin` non-overlapping active reservations per
 * cabin (spread over the year after `today`) with set-based SQL, fast on both engines. Optionally
 * `pastReservationsPerCabin` more that ended before `today` (history: 17 days apart, going back), and
 * other destinations than the default 250.
 */
export async function loadSyntheticCatalogue(
  db: Database,
  {
    cabins,
    reservationsPerCabin,
    today,
    pastReservationsPerCabin = 0,
    pastStatus = 'active',
    destinations = SYNTHETIC_DESTINATIONS,
  }: {
    cabins: number
    reservationsPerCabin: number
    today: CalendarDate
    pastReservationsPerCabin?: number
    /** 'active' (PAID): history no job has marked completed yet, the worst case for a read model. */
    pastStatus?: 'active' | 'completed'
    destinations?: readonly SyntheticDestination[]
  },
) {
  const places = destinations
  const placeValues = sql.join(
    places.map((p, i) => sql`(${i}::int, ${p.population}::text, ${p.state}::text)`),
    sql`, `,
  )
  const patternValues = sql.join(
    AMENITY_PATTERNS.map(
      (amenities, i) => sql`(${i}::int, ${JSON.stringify(featuresFromAmenities(amenities))}::jsonb)`,
    ),
    sql`, `,
  )
  await db.execute(sql`
    WITH places(n, population, state) AS (VALUES ${placeValues}),
         patterns(n, features) AS (VALUES ${patternValues})
    INSERT INTO cabins (slug, name, accommodation_type, description, population, state, latitude,
      longitude, min_occupancy, max_occupancy, bedrooms, beds, bathrooms, weekday_rate, weekend_rate, min_nights,
      images, restrictions, features)
    SELECT 'bench-' || g, 'Cabaña ' || g, 'Cabaña', 'Cabaña sintética para pruebas de rendimiento.',
      p.population, p.state,
      19 + (g % 700) / 100.0, -103 + (g % 900) / 100.0,
      1 + g % 2, 2 + g % 9, 1 + g % 4, 1 + g % 5, 1 + g % 3,
      (900 + (g * 37) % 4000) * 100, (1100 + (g * 37) % 4500) * 100, 1 + (g % 3 = 0)::int,
      '[{"url":"/media/x.webp","preview":"/media/x-card.webp","alt":"Cabaña"}]'::jsonb,
      CASE WHEN g % 50 = 0 THEN '[{"message":"Cerrada por mantenimiento"}]'::jsonb ELSE '[]'::jsonb END,
      t.features
    FROM generate_series(1, ${cabins}::int) AS g
    JOIN places p ON p.n = g % ${places.length}::int
    JOIN patterns t ON t.n = g % ${AMENITY_PATTERNS.length}::int
  `)
  // Slot k of each cabin starts at day 1 + 17k + (0..9) and lasts 1..5 nights: slots never overlap.
  await db.execute(sql`
    INSERT INTO reservations (cabin_id, check_in, check_out, guests, status, payment_status, nights, total_price,
      service_commission, guest_first_name, guest_last_name, guest_email, guest_phone)
    SELECT c.id, d.check_in, d.check_in + d.nights, 2, 'active', 'PAID', d.nights, d.nights * 250000, d.nights * 30000,
      'Ana', 'Rodríguez', 'ana@ejemplo.mx', '5512345678'
    FROM cabins c
    CROSS JOIN generate_series(0, ${reservationsPerCabin - 1}::int) AS k
    CROSS JOIN LATERAL (
      SELECT ${addDays(today, 1)}::date + 17 * k + abs(hashtext(c.id::text || k)) % 10 AS check_in,
             1 + abs(hashtext(k || c.id::text)) % 5 AS nights
    ) d
  `)
  // Past slot k of each cabin starts 17(k + 1) days before today, give or take 9, and lasts 1..5
  // nights: it ends at least 3 days before today and never overlaps another slot.
  if (pastReservationsPerCabin > 0)
    await db.execute(sql`
      INSERT INTO reservations (cabin_id, check_in, check_out, guests, status, payment_status, nights, total_price,
        service_commission, guest_first_name, guest_last_name, guest_email, guest_phone)
      SELECT c.id, d.check_in, d.check_in + d.nights, 2, ${pastStatus}::text, 'PAID', d.nights, d.nights * 250000,
        d.nights * 30000, 'Ana', 'Rodríguez', 'ana@ejemplo.mx', '5512345678'
      FROM cabins c
      CROSS JOIN generate_series(0, ${pastReservationsPerCabin - 1}::int) AS k
      CROSS JOIN LATERAL (
        SELECT ${today}::date - 17 * (k + 1) + abs(hashtext(c.id::text || 'p' || k)) % 10 AS check_in,
               1 + abs(hashtext('p' || k || c.id::text)) % 5 AS nights
      ) d
    `)
  await db.execute(sql`ANALYZE`)
}
