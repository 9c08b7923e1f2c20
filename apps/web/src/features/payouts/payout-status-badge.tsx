import type { PayoutMonthStatus } from '@cabanas/domain/payouts'
import { Badge, type BadgeTone } from '../../components/ui/badge'

const statuses: Record<PayoutMonthStatus, { label: string; tone: BadgeTone }> = {
  open: { label: 'Mes en curso', tone: 'blue' },
  owed: { label: 'Pendiente', tone: 'yellow' },
  processing: { label: 'En proceso', tone: 'blue' },
  paid: { label: 'Pagado', tone: 'green' },
  settled: { label: 'Sin saldo', tone: 'grey' },
}

/** Where a month's payout stands, in Spanish: Pendiente, En proceso, Pagado… */
export function PayoutStatusBadge({ status }: { status: PayoutMonthStatus }) {
  const { label, tone } = statuses[status]
  return <Badge tone={tone}>{label}</Badge>
}
