import { integerSchema, textSchema } from '../shared/text.ts'
import { z } from '../shared/zod.ts'
import { isMonthClosed, PAYOUT_MONTH_PATTERN } from './payout-ledger.ts'

/** What hosts and operators read about payouts. */
export const payoutMessages = {
  month: 'El mes debe tener el formato AAAA-MM (por ejemplo, 2026-05)',
  hostId: 'El anfitrión no es válido',
  amount: 'El monto debe ser un número entero de centavos mayor que cero',
  reference: 'La referencia debe tener entre 4 y 60 caracteres: letras, números, espacios y - _ / . #',
  hostNotFound: 'El anfitrión no fue encontrado',
  monthNotClosed: 'Este mes aún no termina: se paga a partir del día 1 del mes siguiente',
  nothingToPay: 'No hay saldo a favor del anfitrión en este mes',
  alreadyPaid: 'Este mes ya fue pagado a este anfitrión',
  inProgress:
    'Hay una transferencia en curso para este mes; espera su resultado (se puede consultar tras 2 minutos)',
  amountChanged: 'El monto de este mes cambió desde que lo consultaste. Revisa el nuevo monto.',
  providerRefused: 'El proveedor rechazó la transferencia. Revisa la CLABE del anfitrión e intenta de nuevo.',
  providerUnknown:
    'No sabemos si la transferencia salió: el proveedor no respondió. Queda en proceso; vuelve a pulsar «Pagar» para consultarla: no se enviará dos veces.',
  transferSent: 'Transferencia enviada al anfitrión',
  markedPaid: 'Pago registrado',
  tooManyChanges: 'Demasiados pagos en poco tiempo. Espera unos minutos e intenta de nuevo.',
} as const

export const PayoutMonthSchema = z
  .string({ error: payoutMessages.month })
  .regex(PAYOUT_MONTH_PATTERN, payoutMessages.month)

export const PayoutMonthParamsSchema = z.object({ month: PayoutMonthSchema })

export const OperatorPayoutParamsSchema = z.object({
  hostId: z.uuid({ error: payoutMessages.hostId }),
  month: PayoutMonthSchema,
})

const amount = integerSchema(payoutMessages.amount)
  .min(1, payoutMessages.amount)
  .max(1_000_000_000_00, payoutMessages.amount)

/** 'Pagar por transferencia': the amount the operator saw, so a month that changed meanwhile is not paid blind. */
export const PayoutTransferRequestSchema = z.object({ amount })
export type PayoutTransferRequest = z.infer<typeof PayoutTransferRequestSchema>

/** 'Marcar como pagado': the amount seen and the bank's reference of a transfer made elsewhere. */
export const PayoutMarkPaidRequestSchema = z.object({
  amount,
  reference: textSchema('referencia', { required: payoutMessages.reference })
    .trim()
    .min(4, payoutMessages.reference)
    .max(60, payoutMessages.reference)
    .regex(/^[\p{L}\p{N} _\-/.#]+$/u, payoutMessages.reference),
})
export type PayoutMarkPaidRequest = z.infer<typeof PayoutMarkPaidRequestSchema>

const centavos = z.number().int()

export const PayoutAmountsSchema = z.object({
  guestPaid: centavos,
  refunded: centavos,
  serviceFee: centavos,
  hostCommission: centavos,
  hostAmount: centavos,
  marketplaceIncome: centavos,
})

export const PayoutLineSchema = PayoutAmountsSchema.extend({
  kind: z.enum(['stay', 'adjustment']),
  reservationId: z.string(),
  cabinName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  adjusts: z.string().nullable(),
})

/**
 * Where a month stands: `open` (not over yet), `owed` (over, the host is owed its amount), `processing`
 * (a transfer was sent and its outcome is not known), `paid`, `settled` (over, nothing owed).
 */
export const PAYOUT_MONTH_STATUSES = ['open', 'owed', 'processing', 'paid', 'settled'] as const
export type PayoutMonthStatus = (typeof PAYOUT_MONTH_STATUSES)[number]

export const PayoutMonthSummarySchema = z.object({
  month: z.string(),
  status: z.enum(PAYOUT_MONTH_STATUSES),
  stays: z.number().int(),
  totals: PayoutAmountsSchema,
  payout: z
    .object({
      method: z.enum(['provider', 'manual']),
      paidAt: z.string().nullable(),
      reference: z.string().nullable(),
    })
    .nullable(),
})
export type PayoutMonthSummary = z.infer<typeof PayoutMonthSummarySchema>

export const PayoutMonthDetailSchema = PayoutMonthSummarySchema.extend({ lines: z.array(PayoutLineSchema) })
export type PayoutMonthDetail = z.infer<typeof PayoutMonthDetailSchema>

export const HostPayoutsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ months: z.array(PayoutMonthSummarySchema) }),
})
export type HostPayoutsResponse = z.infer<typeof HostPayoutsResponseSchema>

export const HostPayoutMonthResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ month: PayoutMonthDetailSchema }),
})
export type HostPayoutMonthResponse = z.infer<typeof HostPayoutMonthResponseSchema>

/** A host's month in the operator console: who, where the money goes (masked), how much. */
export const OperatorPayoutSchema = z.object({
  hostId: z.string(),
  displayName: z.string(),
  bankName: z.string(),
  clabeLast4: z.string(),
  month: z.string(),
  status: z.enum(PAYOUT_MONTH_STATUSES),
  stays: z.number().int(),
  amount: centavos,
  payout: PayoutMonthSummarySchema.shape.payout,
})
export type OperatorPayout = z.infer<typeof OperatorPayoutSchema>

export const OperatorPayoutsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ payouts: z.array(OperatorPayoutSchema) }),
})
export type OperatorPayoutsResponse = z.infer<typeof OperatorPayoutsResponseSchema>

export const OperatorPayoutResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ payout: OperatorPayoutSchema }),
})
export type OperatorPayoutResponse = z.infer<typeof OperatorPayoutResponseSchema>

/** Where a month stands, from its report, its payout row (if any) and Mexico City's today. */
export function payoutMonthStatus(
  month: { month: string; hostAmount: number; payoutStatus: 'pending' | 'paid' | null },
  today: string,
): PayoutMonthStatus {
  if (month.payoutStatus === 'paid') return 'paid'
  if (month.payoutStatus === 'pending') return 'processing'
  if (!isMonthClosed(month.month, today)) return 'open'
  return month.hostAmount > 0 ? 'owed' : 'settled'
}
