import type { ReservationState } from '@cabanas/domain/reservations'
import { DomainError } from '@cabanas/domain/shared'
import { and, asc, eq, lt, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { retryOnDeadlock, SQLSTATE, sqlStateOf } from '../../db/errors.ts'
import { reservations } from '../../db/schema.ts'

export const HOLD_MINUTES = 15

/**
 * Holds the nights as a pending reservation. The exclusion constraint decides races between
 * concurrent requests (and processes): the loser gets NOT_AVAILABLE.
 */
export async function insertPendingReservation(
  db: Database,
  values: Omit<typeof reservations.$inferInsert, 'status' | 'paymentStatus' | 'holdExpiresAt'>,
) {
  try {
    return await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        // Holds for one cabin queue here, one at a time, in every process. Without it, concurrent
        // inserts checked by the exclusion constraint wait on each other and PostgreSQL breaks the
        // deadlocks a second at a time. The constraint, not this lock, decides who gets the nights.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${values.cabinId}::text, 0))`)
        const [row] = await tx
          .insert(reservations)
          .values({
            ...values,
            status: 'pending',
            paymentStatus: 'PENDING',
            holdExpiresAt: sql`now() + make_interval(mins => ${HOLD_MINUTES})`,
          })
          .returning({ id: reservations.id, createdAt: reservations.createdAt })
        return row!
      }),
    )
  } catch (error) {
    if (sqlStateOf(error) === SQLSTATE.exclusionViolation) {
      throw new DomainError('NOT_AVAILABLE', 'No disponible para las fechas seleccionadas')
    }
    throw error
  }
}

/**
 * Moves a reservation from one state to the next, only if it is still in the state the decision was
 * made from (optimistic): returns false when someone else settled it first.
 */
export async function transitionReservation(
  db: Database,
  id: string,
  from: ReservationState,
  to: ReservationState,
  changes: { chargeId?: string } = {},
): Promise<boolean> {
  // The new row version is checked by the exclusion constraint too, so it can meet a deadlock.
  const rows = await retryOnDeadlock(() =>
    db
      .update(reservations)
      .set({ status: to.status, paymentStatus: to.paymentStatus, ...changes })
      .where(
        and(
          eq(reservations.id, id),
          eq(reservations.status, from.status),
          eq(reservations.paymentStatus, from.paymentStatus),
        ),
      )
      .returning({ id: reservations.id }),
  )
  return rows.length === 1
}

export async function findReservationState(db: Database, id: string) {
  const [row] = await db
    .select({
      id: reservations.id,
      status: reservations.status,
      paymentStatus: reservations.paymentStatus,
      chargeId: reservations.chargeId,
      holdExpiresAt: reservations.holdExpiresAt,
    })
    .from(reservations)
    .where(eq(reservations.id, id))
    .limit(1)
  return row ?? null
}

/** Pending reservations old enough that no charge request for them can still be in flight. */
export async function listPendingOlderThan(db: Database, seconds: number, limit: number) {
  return db
    .select({
      id: reservations.id,
      status: reservations.status,
      paymentStatus: reservations.paymentStatus,
      holdExpired: sql<boolean>`${reservations.holdExpiresAt} < now()`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'pending'),
        lt(reservations.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .orderBy(asc(reservations.createdAt))
    .limit(limit)
}
