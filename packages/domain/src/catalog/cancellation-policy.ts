/**
 * What a guest may expect when cancelling. Every cabin carries one; every surface (map popup, cabin
 * page, checkout, trip page, mails) shows the cabin's own, never a generic promise.
 */
export const CANCELLATION_POLICIES = ['non_refundable', 'free'] as const
export type CancellationPolicyKey = (typeof CANCELLATION_POLICIES)[number]

export type CancellationPolicyText = {
  /** Short label, e.g. for a badge or a popup line. */
  label: string
  /** One plain-Spanish sentence on what cancelling does. */
  summary: string
}

export const cancellationPolicies: Record<CancellationPolicyKey, CancellationPolicyText> = {
  non_refundable: {
    label: 'No reembolsable',
    summary: 'Si cancelas, la reserva se anula y las fechas se liberan, pero no se reembolsa ningún monto.',
  },
  free: {
    label: 'Cancelación gratuita',
    summary: 'Puedes cancelar sin costo: se te reembolsa el total pagado.',
  },
}

export function isCancellationPolicy(value: unknown): value is CancellationPolicyKey {
  return typeof value === 'string' && (CANCELLATION_POLICIES as readonly string[]).includes(value)
}
