import { cancelledByLabels, type HostReservationSummary } from '@cabanas/domain/reservations'
import { Badge, type BadgeTone } from '../../components/ui/badge'

/** Where a reservation stands, for its host: Confirmada, Pago en verificación, Cancelada por…, Terminada. */
export function hostReservationStatus(
  row: Pick<HostReservationSummary, 'status' | 'paymentStatus' | 'cancelledBy'>,
): {
  label: string
  tone: BadgeTone
} {
  if (row.status === 'pending') return { label: 'Pago en verificación', tone: 'yellow' }
  if (row.status === 'cancelled') {
    const by = row.cancelledBy ? ` por ${cancelledByLabels[row.cancelledBy]}` : ''
    return { label: `Cancelada${by}`, tone: 'red' }
  }
  if (row.status === 'completed') return { label: 'Terminada', tone: 'grey' }
  return { label: 'Confirmada', tone: 'green' }
}

export function HostReservationStatusBadge({
  reservation,
}: {
  reservation: Pick<HostReservationSummary, 'status' | 'paymentStatus' | 'cancelledBy'>
}) {
  const { label, tone } = hostReservationStatus(reservation)
  return <Badge tone={tone}>{label}</Badge>
}

/** What happened to the guest's money, when it matters to the host. */
export function refundLabel(row: Pick<HostReservationSummary, 'status' | 'paymentStatus'>): string | null {
  if (row.status !== 'cancelled') return null
  if (row.paymentStatus === 'REFUNDED') return 'Reembolsada al huésped'
  if (row.paymentStatus === 'PAID') return 'Reembolso en proceso'
  return null
}
