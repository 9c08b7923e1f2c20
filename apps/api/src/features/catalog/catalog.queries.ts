import { and, asc, count, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabinSeasons, cabins } from '../../db/schema.ts'
import { isUuid } from '../../lib/uuid.ts'

export const cabinColumns = {
  id: cabins.id,
  name: cabins.name,
  accommodationType: cabins.accommodationType,
  description: cabins.description,
  population: cabins.population,
  state: cabins.state,
  latitude: cabins.latitude,
  longitude: cabins.longitude,
  minOccupancy: cabins.minOccupancy,
  maxOccupancy: cabins.maxOccupancy,
  bedrooms: cabins.bedrooms,
  beds: cabins.beds,
  bathrooms: cabins.bathrooms,
  weekdayRate: cabins.weekdayRate,
  weekendRate: cabins.weekendRate,
  minNights: cabins.minNights,
  images: cabins.images,
  restrictions: cabins.restrictions,
  features: cabins.features,
  cancellationPolicy: cabins.cancellationPolicy,
}

/** Cabins guests may find: a paused listing's cabin is not (its reservations keep their trip pages). */
export const isListed = eq(cabins.listed, true)

export type CabinRow = {
  [K in keyof typeof cabinColumns]: (typeof cabins.$inferSelect)[K]
}

export async function listCabins(db: Database, { limit, offset }: { limit: number; offset: number }) {
  const [rows, totals] = await Promise.all([
    db
      .select(cabinColumns)
      .from(cabins)
      .where(isListed)
      .orderBy(asc(cabins.population), asc(cabins.name), asc(cabins.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(cabins).where(isListed),
  ])
  return { rows, total: totals[0]?.total ?? 0 }
}

/** A listed cabin by id; an id that is not a uuid, or an unlisted cabin, simply finds nothing. */
export async function findCabin(db: Database, id: string): Promise<CabinRow | null> {
  if (!isUuid(id)) return null
  const [row] = await db
    .select(cabinColumns)
    .from(cabins)
    .where(and(eq(cabins.id, id), isListed))
    .limit(1)
  return row ?? null
}

export async function listSeasonsForCabins(db: Database, cabinIds: string[]) {
  if (cabinIds.length === 0) return []
  return db
    .select({
      cabinId: cabinSeasons.cabinId,
      name: cabinSeasons.name,
      startsOn: cabinSeasons.startsOn,
      endsOn: cabinSeasons.endsOn,
      nightlyRate: cabinSeasons.nightlyRate,
    })
    .from(cabinSeasons)
    .where(inArray(cabinSeasons.cabinId, cabinIds))
    .orderBy(asc(cabinSeasons.startsOn))
}

/**
 * Destinations by number of cabins (most first), with their centre and the cheapest weekday rate of
 * the cabins that can be booked (no restrictions): null when none can.
 */
export async function listDestinations(db: Database) {
  return db
    .select({
      population: cabins.population,
      state: cabins.state,
      count: count(),
      // A cabin that cannot be booked never sets the 'Desde' price.
      minWeekdayRate: sql<
        number | null
      >`(min(${cabins.weekdayRate}) filter (where jsonb_array_length(${cabins.restrictions}) = 0))::int`,
      latitude: sql<number>`avg(${cabins.latitude})::float8`,
      longitude: sql<number>`avg(${cabins.longitude})::float8`,
    })
    .from(cabins)
    .where(isListed)
    .groupBy(cabins.population, cabins.state)
    .orderBy(sql`count(*) desc`, asc(cabins.population))
}

export type DestinationRow = Awaited<ReturnType<typeof listDestinations>>[number]

/** A destination's cabins for its landing page: bookable ones first, then the cheapest. */
export async function listDestinationCabins(
  db: Database,
  { population, state }: { population: string; state: string },
  limit: number,
): Promise<CabinRow[]> {
  return db
    .select(cabinColumns)
    .from(cabins)
    .where(and(eq(cabins.population, population), eq(cabins.state, state), isListed))
    .orderBy(sql`jsonb_array_length(${cabins.restrictions}) > 0`, asc(cabins.weekdayRate), asc(cabins.id))
    .limit(limit)
}

/** The cheapest `perDestination` cabins of every destination, bookable ones first. */
export async function listCarouselCabins(db: Database, perDestination: number): Promise<CabinRow[]> {
  const ranked = db
    .select({
      id: cabins.id,
      rank: sql<number>`row_number() over (partition by ${cabins.population}, ${cabins.state} order by jsonb_array_length(${cabins.restrictions}) > 0, ${cabins.weekdayRate}, ${cabins.id})`.as(
        'rank',
      ),
    })
    .from(cabins)
    .where(isListed)
    .as('ranked')
  return db
    .select(cabinColumns)
    .from(cabins)
    .innerJoin(ranked, eq(ranked.id, cabins.id))
    .where(lte(ranked.rank, perDestination))
    .orderBy(asc(ranked.rank))
}
