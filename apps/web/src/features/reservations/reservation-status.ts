import {
  type PaymentStatus,
  paymentStatusLabels,
  type ReservationStatus,
  reservationStatusLabels,
} from '@cabanas/domain/reservations'
import type { BadgeTone } from '../../components/ui/badge'

export type StatusBadge = { label: string; tone: BadgeTone }

const statusTones: Record<ReservationStatus, BadgeTone> = {
  active: 'green',
  cancelled: 'red',
  completed: 'blue',
  pending: 'yellow',
}

const paymentTones: Record<PaymentStatus, BadgeTone> = {
  PAID: 'green',
  PENDING: 'yellow',
  FAILED: 'red',
  REFUNDED: 'blue',
}

function isKeyOf<T extends object>(record: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(record, key)
}

/** Spec §4: Activa green, Cancelada red, Completada blue, Pendiente yellow; any other value raw in grey. */
export function reservationStatusBadge(status: string): StatusBadge {
  return isKeyOf(statusTones, status)
    ? { label: reservationStatusLabels[status], tone: statusTones[status] }
    : { label: status, tone: 'grey' }
}

/** Spec §4: Pagado, Pendiente, Fallido, Reembolsado; others raw. */
export function paymentStatusBadge(status: string): StatusBadge {
  return isKeyOf(paymentTones, status)
    ? { label: paymentStatusLabels[status], tone: paymentTones[status] }
    : { label: status, tone: 'grey' }
}
