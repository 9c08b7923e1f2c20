import type { LedgerReservation, PaidMonth, PayoutLine } from '@cabanas/domain/payouts'
import { type CalendarDate, requireValue } from '@cabanas/domain/shared'
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { cabins, hostProfiles, type PayoutMethod, payouts, reservations } from '../../db/schema.ts'

/**
 * The ledger of one host, or of every host: each stay in the host's cabins that has checked out by
 * `today` and whose guest paid. An active or completed paid stay counts in full; a cancelled one that
 * kept its payment (no refund was due) counts too; a refunded one counts with its refund, which is the
 * whole total price (the reservation keeps no refunded amount: no policy refunds part of a payment).
 */
export async function listLedgerStays(
  db: Database,
  { today, hostId }: { today: CalendarDate; hostId?: string },
): Promise<(LedgerReservation & { hostId: string })[]> {
  const rows = await db
    .select({
      id: reservations.id,
      hostId: cabins.hostId,
      cabinName: cabins.name,
      checkIn: reservations.checkIn,
      checkOut: reservations.checkOut,
      totalPrice: reservations.totalPrice,
      serviceCommission: reservations.serviceCommission,
      paymentStatus: reservations.paymentStatus,
    })
    .from(reservations)
    .innerJoin(cabins, eq(cabins.id, reservations.cabinId))
    .where(
      and(
        hostId === undefined ? sql`${cabins.hostId} IS NOT NULL` : eq(cabins.hostId, hostId),
        lte(reservations.checkOut, today),
        or(
          and(
            eq(reservations.paymentStatus, 'PAID'),
            inArray(reservations.status, ['active', 'completed', 'cancelled']),
          ),
          eq(reservations.paymentStatus, 'REFUNDED'),
        ),
      ),
    )
    .orderBy(asc(reservations.checkOut), asc(reservations.id))
  return rows.map(({ paymentStatus, hostId: host, ...row }) => ({
    ...row,
    hostId: requireValue(host, 'the host of a paid cabin'),
    refunded: paymentStatus === 'REFUNDED' ? row.totalPrice : 0,
  }))
}

export type PayoutRow = typeof payouts.$inferSelect

/** A host's payouts (or every host's), oldest month first. */
export async function listPayouts(db: Database, hostId?: string): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(hostId === undefined ? undefined : eq(payouts.hostId, hostId))
    .orderBy(asc(payouts.month))
}

/** The months already paid (or being paid), with the lines they froze. */
export function paidMonthsOf(rows: readonly PayoutRow[]): PaidMonth[] {
  return rows.map((row) => ({ month: row.month, lines: row.lines }))
}

/** Hosts' names and masked CLABEs, for the operator console. */
export async function listHostNames(db: Database, hostIds?: string[]) {
  return db
    .select({
      hostId: hostProfiles.clientId,
      displayName: hostProfiles.displayName,
      clabeBankCode: hostProfiles.clabeBankCode,
      clabeLast4: hostProfiles.clabeLast4,
    })
    .from(hostProfiles)
    .where(hostIds === undefined ? undefined : inArray(hostProfiles.clientId, hostIds))
}

/**
 * Claims a host's month: one row per host and month (the unique index decides, under any race, in
 * any process). Null when the month already has a payout, paid or in progress.
 */
export async function insertPayout(
  db: Database,
  values: {
    hostId: string
    month: string
    amount: number
    lines: PayoutLine[]
    method: PayoutMethod
    /** A manual payment is paid at once; a transfer is pending until the provider answers. */
    paid: { by: string; reference: string } | null
  },
): Promise<PayoutRow | null> {
  const rows = await db
    .insert(payouts)
    .values({
      hostId: values.hostId,
      month: values.month,
      amount: values.amount,
      lines: values.lines,
      method: values.method,
      status: values.paid ? 'paid' : 'pending',
      manualReference: values.paid?.reference ?? null,
      paidAt: values.paid ? sql`now()` : null,
      paidBy: values.paid?.by ?? null,
    })
    .onConflictDoNothing({ target: [payouts.hostId, payouts.month] })
    .returning()
  return rows[0] ?? null
}

/** The provider took the transfer: the pending payout is paid. */
export async function markTransferPaid(
  db: Database,
  { id, providerPayoutId, paidBy }: { id: string; providerPayoutId: string; paidBy: string },
): Promise<PayoutRow | null> {
  const [row] = await db
    .update(payouts)
    .set({ status: 'paid', providerPayoutId, paidAt: sql`now()`, paidBy, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
    .returning()
  return row ?? null
}

/** The provider refused the transfer: the month is free to be paid again. */
export async function deletePendingPayout(db: Database, id: string): Promise<void> {
  await db.delete(payouts).where(and(eq(payouts.id, id), eq(payouts.status, 'pending')))
}

/** How long a transfer waits for its answer before it may be looked up (and at most sent again). */
export const PENDING_PAYOUT_SETTLE_AFTER = '2 minutes'

/**
 * Takes the transfer of a host's month still waiting for the provider's answer, to settle it: only
 * when nobody sent or looked it up for PENDING_PAYOUT_SETTLE_AFTER (the touch is the claim, so two
 * clicks or processes never settle it at once). Null when there is none or it is too recent.
 */
export async function claimPendingPayout(
  db: Database,
  hostId: string,
  month: string,
): Promise<PayoutRow | null> {
  const [row] = await db
    .update(payouts)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(payouts.hostId, hostId),
        eq(payouts.month, month),
        eq(payouts.status, 'pending'),
        sql`${payouts.updatedAt} < now() - ${PENDING_PAYOUT_SETTLE_AFTER}::interval`,
      ),
    )
    .returning()
  return row ?? null
}
