import { centavosToPesos } from '@cabanas/domain/payments'
import { requireValue } from '@cabanas/domain/shared'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { SandboxCard } from './cards.ts'
import type { SandboxChargeRequest } from './charge-request.ts'
import type { SandboxDatabase } from './database.ts'
import { sqlStateOf, UNIQUE_VIOLATION } from './database.ts'
import { declineDescription, sandboxError } from './errors.ts'
import { sandboxAuthorization, sandboxId } from './ids.ts'
import { openpaySandboxCharges, openpaySandboxTokens } from './schema.ts'
import { type SandboxChargeRow, transactionCard } from './transaction.ts'

export async function insertSandboxToken(db: SandboxDatabase, merchantId: string, card: SandboxCard) {
  const [token] = await db
    .insert(openpaySandboxTokens)
    .values({
      id: sandboxId('k'),
      merchantId,
      cardNumber: card.cardNumber,
      brand: card.brand,
      holderName: card.holderName,
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      outcome: card.outcome,
    })
    .returning()
  return requireValue(token, 'the inserted card token')
}

/**
 * One transaction: take the token (single use: the conditional update lets only one charge have it),
 * then store the charge, completed or failed as the test card decides. A duplicate order id hits the
 * unique index (never a read-then-write) and rolls the whole thing back, token included → 409/1006.
 */
export async function createSandboxCharge(
  db: SandboxDatabase,
  merchantId: string,
  request: SandboxChargeRequest,
): Promise<SandboxChargeRow> {
  return db.transaction(async (tx) => {
    const [token] = await tx
      .update(openpaySandboxTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(openpaySandboxTokens.id, request.sourceId),
          eq(openpaySandboxTokens.merchantId, merchantId),
          isNull(openpaySandboxTokens.usedAt),
        ),
      )
      .returning()
    if (!token) {
      const [used] = await tx
        .select({ id: openpaySandboxTokens.id })
        .from(openpaySandboxTokens)
        .where(
          and(eq(openpaySandboxTokens.id, request.sourceId), eq(openpaySandboxTokens.merchantId, merchantId)),
        )
      throw used ? sandboxError(1003, 'This source_id was already used') : sandboxError(1005)
    }
    const approved = token.outcome === 'approved'
    const errorCode = approved ? null : Number(token.outcome)
    try {
      const [charge] = await tx
        .insert(openpaySandboxCharges)
        .values({
          id: sandboxId('tr'),
          merchantId,
          orderId: request.orderId,
          amount: request.amount,
          currency: request.currency,
          status: approved ? 'completed' : 'failed',
          description: request.description,
          authorization: approved ? sandboxAuthorization() : null,
          errorCode,
          errorMessage: errorCode === null ? null : declineDescription(errorCode),
          sourceId: token.id,
          card: transactionCard(token),
          customer: request.customer,
        })
        .returning()
      return requireValue(charge, 'the inserted charge')
    } catch (error) {
      if (sqlStateOf(error) === UNIQUE_VIOLATION) throw sandboxError(1006)
      throw error
    }
  })
}

export async function findSandboxCharge(
  db: SandboxDatabase,
  merchantId: string,
  chargeId: string,
): Promise<SandboxChargeRow | null> {
  const [charge] = await db
    .select()
    .from(openpaySandboxCharges)
    .where(and(eq(openpaySandboxCharges.id, chargeId), eq(openpaySandboxCharges.merchantId, merchantId)))
  return charge ?? null
}

/** Newest first, like Openpay's list. */
export async function listSandboxCharges(
  db: SandboxDatabase,
  merchantId: string,
  { orderId, offset, limit }: { orderId: string | undefined; offset: number; limit: number },
): Promise<SandboxChargeRow[]> {
  return db
    .select()
    .from(openpaySandboxCharges)
    .where(
      and(
        eq(openpaySandboxCharges.merchantId, merchantId),
        orderId === undefined ? undefined : eq(openpaySandboxCharges.orderId, orderId),
      ),
    )
    .orderBy(desc(openpaySandboxCharges.createdAt), desc(openpaySandboxCharges.id))
    .offset(offset)
    .limit(limit)
}

/**
 * Refunds a completed charge once, in full or in part (reference §2): status 'refunded' with a nested
 * refund transaction. Anything else is 1005 (unknown charge) or 1003 (not refundable, amount too big).
 */
export async function refundSandboxCharge(
  db: SandboxDatabase,
  merchantId: string,
  chargeId: string,
  { amount, description }: { amount: number | undefined; description: string | undefined },
): Promise<SandboxChargeRow> {
  const charge = await findSandboxCharge(db, merchantId, chargeId)
  if (!charge) throw sandboxError(1005)
  if (charge.status !== 'completed') throw sandboxError(1003, 'The card charge is not in a refundable status')
  const refundAmount = amount ?? charge.amount
  if (refundAmount > charge.amount) throw sandboxError(1003, 'The refund amount exceeds the charge amount')
  const refund = {
    id: sandboxId('tr'),
    authorization: sandboxAuthorization(),
    operation_type: 'out',
    transaction_type: 'refund',
    method: 'card',
    status: 'completed',
    conciliated: false,
    description: description ?? `Reembolso de ${charge.id}`,
    error_message: null,
    order_id: null,
    customer_id: null,
    amount: centavosToPesos(refundAmount),
    currency: charge.currency,
  }
  const [refunded] = await db
    .update(openpaySandboxCharges)
    .set({ status: 'refunded', refund, updatedAt: sql`now()` })
    .where(and(eq(openpaySandboxCharges.id, charge.id), eq(openpaySandboxCharges.status, 'completed')))
    .returning()
  if (!refunded) throw sandboxError(1003, 'The card charge is not in a refundable status')
  return refunded
}
