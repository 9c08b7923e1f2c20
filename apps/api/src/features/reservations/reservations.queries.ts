import { chargeMessages } from '@cabanas/domain/bookings'
import type { ReservationState } from '@cabanas/domain/reservations'
import { DomainError, requireValue } from '@cabanas/domain/shared'
import { and, asc, eq, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { retryOnDeadlock, SQLSTATE, sqlStateOf } from '../../db/errors.ts'
import { cabins, outbox, reservations } from '../../db/schema.ts'
import { findVerifiedClientIdByEmail } from './ownership.queries.ts'

/**
 * At most this many live holds (pending reservations) at once per client IP, guest e-mail and
 * Openpay device session. A hold lives for the seconds a charge takes, or about a minute when the
 * outcome is unknown: a real guest never has more than one or two.
 */
const HOLD_LIMITS = { perIp: 3, perEmail: 2, perDeviceSession: 2 } as const

type HoldValues = Omit<typeof reservations.$inferInsert, 'status' | 'paymentStatus' | 'holdExpiresAt'>

/** Advisory lock keys for one hold: its client's (ip, e-mail, device), sorted, then its cabin's last. */
function holdLockKeys(values: HoldValues): string[] {
  const client = [
    values.holdIp ? `hold-ip:${values.holdIp}` : null,
    `hold-email:${values.guestEmail}`,
    values.holdDeviceSessionId ? `hold-device:${values.holdDeviceSessionId}` : null,
  ]
    .filter((key): key is string => key !== null)
    .sort()
  return [...client, values.cabinId]
}

async function countLiveHolds(tx: Database, values: HoldValues) {
  const [row] = await tx
    .select({
      byIp: sql<number>`count(*) filter (where ${reservations.holdIp} = ${values.holdIp ?? null})::int`,
      byEmail: sql<number>`count(*) filter (where ${reservations.guestEmail} = ${values.guestEmail})::int`,
      byDevice: sql<number>`count(*) filter (where ${reservations.holdDeviceSessionId} = ${values.holdDeviceSessionId ?? null})::int`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'pending'),
        or(
          values.holdIp ? eq(reservations.holdIp, values.holdIp) : undefined,
          eq(reservations.guestEmail, values.guestEmail),
          values.holdDeviceSessionId
            ? eq(reservations.holdDeviceSessionId, values.holdDeviceSessionId)
            : undefined,
        ),
      ),
    )
  return row ?? { byIp: 0, byEmail: 0, byDevice: 0 }
}

/**
 * Holds the nights as a pending reservation, first checked again after `lookupAfterSeconds` (when
 * its charge has had time to settle; see payments/reconcile.ts). The exclusion constraint decides races
 * between concurrent requests (and processes): the loser gets NOT_AVAILABLE. One client (IP, e-mail,
 * device session) holds at most HOLD_LIMITS at once, else RATE_LIMITED. `onHeld` runs in the same
 * transaction, so whatever it records exists exactly when the hold does.
 */
export async function insertPendingReservation(
  db: Database,
  values: HoldValues,
  {
    lookupAfterSeconds,
    onHeld,
  }: { lookupAfterSeconds: number; onHeld?: (tx: Database, reservationId: string) => Promise<void> },
) {
  try {
    return await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        // The client's locks make counting their holds and adding one a single step in every process;
        // holds for one cabin then queue on the cabin's lock, one at a time. Without it, concurrent
        // inserts checked by the exclusion constraint wait on each other and PostgreSQL breaks the
        // deadlocks a second at a time. The constraint, not this lock, decides who gets the nights.
        // Every hold takes its locks in the same order (client keys sorted, cabin last): no deadlock.
        for (const key of holdLockKeys(values)) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}::text, 0))`)
        }
        const live = await countLiveHolds(tx, values)
        if (
          live.byIp >= HOLD_LIMITS.perIp ||
          live.byEmail >= HOLD_LIMITS.perEmail ||
          live.byDevice >= HOLD_LIMITS.perDeviceSession
        ) {
          throw new DomainError('RATE_LIMITED', chargeMessages.tooManyHolds)
        }
        // A stay booked with a verified account's address belongs to that account, signed in or not.
        const clientId = values.clientId ?? (await findVerifiedClientIdByEmail(tx, values.guestEmail))
        const [row] = await tx
          .insert(reservations)
          .values({
            ...values,
            clientId,
            status: 'pending',
            paymentStatus: 'PENDING',
            holdExpiresAt: sql`now() + make_interval(secs => ${lookupAfterSeconds})`,
          })
          .returning({ id: reservations.id, createdAt: reservations.createdAt })
        const held = requireValue(row, 'the inserted reservation')
        await onHeld?.(tx, held.id)
        return held
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
 * made from (optimistic): returns false when someone else settled it first. `onChanged` runs in the
 * same transaction, only when this call made the change: what it writes (the mail of the event)
 * exists exactly when the change does, once, however many processes race for it.
 */
export async function transitionReservation(
  db: Database,
  id: string,
  from: ReservationState,
  to: ReservationState,
  changes: { chargeId?: string } = {},
  onChanged?: (tx: Database) => Promise<void>,
): Promise<boolean> {
  const update = (tx: Database) =>
    tx
      .update(reservations)
      .set({ status: to.status, paymentStatus: to.paymentStatus, ...changes })
      .where(
        and(
          eq(reservations.id, id),
          eq(reservations.status, from.status),
          eq(reservations.paymentStatus, from.paymentStatus),
        ),
      )
      .returning({ id: reservations.id })
  // The new row version is checked by the exclusion constraint too, so it can meet a deadlock.
  return retryOnDeadlock(async () => {
    if (!onChanged) return (await update(db)).length === 1
    return db.transaction(async (tx) => {
      const changed = (await update(tx)).length === 1
      if (changed) await onChanged(tx)
      return changed
    })
  })
}

export async function findReservationState(db: Database, id: string) {
  const [row] = await db
    .select({
      id: reservations.id,
      status: reservations.status,
      paymentStatus: reservations.paymentStatus,
      chargeId: reservations.chargeId,
      totalPrice: reservations.totalPrice,
      holdExpiresAt: reservations.holdExpiresAt,
    })
    .from(reservations)
    .where(eq(reservations.id, id))
    .limit(1)
  return row ?? null
}

/**
 * Pending reservations due for a lookup at the provider: their next check time (`hold_expires_at`)
 * has come and they are older than `settledAfterSeconds`, so no charge request for them can still be
 * in flight. Least recently checked first.
 */
export async function listPendingDueForLookup(db: Database, settledAfterSeconds: number, limit: number) {
  return db
    .select({
      id: reservations.id,
      status: reservations.status,
      paymentStatus: reservations.paymentStatus,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'pending'),
        lte(reservations.holdExpiresAt, sql`now()`),
        lte(reservations.createdAt, sql`now() - make_interval(secs => ${settledAfterSeconds})`),
      ),
    )
    .orderBy(asc(reservations.holdExpiresAt))
    .limit(limit)
}

/** The longest wait between two lookups of one pending reservation. */
const MAX_LOOKUP_BACKOFF_SECONDS = 600

/**
 * After a lookup that settled nothing (the provider did not answer, or the charge is not final yet),
 * the next one waits half the reservation's age: at least `minSeconds`, at most 10 minutes.
 */
export async function postponeLookup(db: Database, id: string, minSeconds: number) {
  const age = sql`extract(epoch from now() - ${reservations.createdAt})`
  await db
    .update(reservations)
    .set({
      holdExpiresAt: sql`now() + make_interval(secs => least(${MAX_LOOKUP_BACKOFF_SECONDS}, greatest(${minSeconds}, ${age} / 2)))`,
    })
    .where(and(eq(reservations.id, id), eq(reservations.status, 'pending')))
}

/** A new secret for the guest's access to the reservation (the first answer was lost). */
export async function replaceAccessTokenHash(db: Database, id: string, accessTokenHash: string) {
  await db.update(reservations).set({ accessTokenHash }).where(eq(reservations.id, id))
}

/** What deciding on a refund needs: the reservation's state, its charge and its cabin's policy. */
export async function findRefundState(db: Database, id: string) {
  const [row] = await db
    .select({
      id: reservations.id,
      status: reservations.status,
      paymentStatus: reservations.paymentStatus,
      chargeId: reservations.chargeId,
      totalPrice: reservations.totalPrice,
      cancellationPolicy: cabins.cancellationPolicy,
    })
    .from(reservations)
    .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
    .where(eq(reservations.id, id))
    .limit(1)
  return row ?? null
}

/**
 * Queues work in the outbox to run `delaySeconds` from now (not at once: the request that queues
 * it tries first). Pass the transaction of the event that causes it.
 */
export async function enqueueDelayed(
  db: Database,
  item: { kind: string; payload: Record<string, unknown> },
  delaySeconds: number,
) {
  await db.insert(outbox).values({
    kind: item.kind,
    payload: item.payload,
    runAfter: sql`now() + make_interval(secs => ${delaySeconds})`,
  })
}
