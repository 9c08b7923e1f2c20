import { CLABE_BANKS, checkClabe } from '@cabanas/domain/hosts'
import { pesosToCentavos } from '@cabanas/domain/payments'
import { requireValue } from '@cabanas/domain/shared'
import { and, desc, eq } from 'drizzle-orm'
import { type SandboxDatabase, sqlStateOf, UNIQUE_VIOLATION } from './database.ts'
import { checkPlainText, sandboxError } from './errors.ts'
import { sandboxId } from './ids.ts'
import { openpaySandboxPayouts } from './schema.ts'

/** As for charges: the amount column is a 32-bit integer of centavos; more is "over your limit" (1012). */
const MAX_AMOUNT = 2_147_483_647

export type SandboxPayoutRequest = {
  amount: number
  description: string
  orderId: string | null
  clabe: string
  holderName: string
}

/**
 * Openpay's payout to a bank account (`POST /payouts`, method `bank_account` with the CLABE and the
 * holder's name inline). The CLABE is checked as Banco de México defines it (18 digits, a SPEI
 * participant, the check digit): a bad one is refused with 400/1001 and a description naming it.
 */
export function parseSandboxPayoutRequest(body: unknown): SandboxPayoutRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw sandboxError(1001)
  const fields = body as Record<string, unknown>
  if (fields.method !== 'bank_account') throw sandboxError(1001, 'method must be bank_account')
  if (typeof fields.amount !== 'number' || !(fields.amount > 0)) {
    throw sandboxError(1001, 'amount must be a number greater than 0')
  }
  const amount = pesosToCentavos(fields.amount)
  if (amount === null) throw sandboxError(1020)
  if (amount > MAX_AMOUNT) throw sandboxError(1012)
  const account = fields.bank_account as Record<string, unknown> | undefined
  if (typeof account !== 'object' || account === null) throw sandboxError(1001, 'bank_account is required')
  const clabe = typeof account.clabe === 'string' ? checkClabe(account.clabe) : null
  if (!clabe?.ok) throw sandboxError(1001, 'bank_account.clabe is not a valid CLABE')
  if (typeof account.holder_name !== 'string' || account.holder_name.trim() === '') {
    throw sandboxError(1001, 'bank_account.holder_name is required')
  }
  const orderId = fields.order_id === undefined ? null : String(fields.order_id)
  if (orderId !== null) checkPlainText('order_id', orderId)
  const description = typeof fields.description === 'string' ? fields.description : ''
  return {
    amount,
    description: checkPlainText('description', description).slice(0, 250),
    orderId: orderId === null ? null : orderId.slice(0, 100),
    clabe: clabe.clabe,
    holderName: checkPlainText('holder_name', account.holder_name).slice(0, 100),
  }
}

export type SandboxPayoutRow = typeof openpaySandboxPayouts.$inferSelect

/** Stores the payout; a second one with the same order id hits the unique index → 409/1006. */
export async function createSandboxPayout(
  db: SandboxDatabase,
  merchantId: string,
  request: SandboxPayoutRequest,
): Promise<SandboxPayoutRow> {
  try {
    const [row] = await db
      .insert(openpaySandboxPayouts)
      .values({
        id: sandboxId('tr'),
        merchantId,
        orderId: request.orderId,
        amount: request.amount,
        status: 'in_progress',
        description: request.description,
        holderName: request.holderName,
        bankCode: request.clabe.slice(0, 3),
        clabeLast4: request.clabe.slice(-4),
      })
      .returning()
    return requireValue(row, 'the inserted payout')
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) throw sandboxError(1006)
    throw error
  }
}

/** Newest first, like Openpay's list; `orderId` filters exactly (how a lost answer is looked up). */
export async function listSandboxPayouts(
  db: SandboxDatabase,
  merchantId: string,
  { orderId, offset, limit }: { orderId: string | undefined; offset: number; limit: number },
): Promise<SandboxPayoutRow[]> {
  return db
    .select()
    .from(openpaySandboxPayouts)
    .where(
      and(
        eq(openpaySandboxPayouts.merchantId, merchantId),
        orderId === undefined ? undefined : eq(openpaySandboxPayouts.orderId, orderId),
      ),
    )
    .orderBy(desc(openpaySandboxPayouts.createdAt), desc(openpaySandboxPayouts.id))
    .offset(offset)
    .limit(limit)
}

/** Openpay's transaction object for a payout (transaction_type 'payout', operation_type 'out'). */
export function toOpenpayPayout(row: SandboxPayoutRow) {
  return {
    id: row.id,
    authorization: null,
    transaction_type: 'payout',
    operation_type: 'out',
    method: 'bank_account',
    status: row.status,
    amount: row.amount / 100,
    currency: row.currency,
    description: row.description,
    order_id: row.orderId,
    error_message: null,
    creation_date: row.createdAt.toISOString(),
    operation_date: row.createdAt.toISOString(),
    bank_account: {
      clabe: `${'X'.repeat(14)}${row.clabeLast4}`,
      holder_name: row.holderName,
      bank_code: row.bankCode,
      bank_name: CLABE_BANKS[row.bankCode] ?? row.bankCode,
    },
  }
}
