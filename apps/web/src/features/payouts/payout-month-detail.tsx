import type { PayoutMonthDetail as MonthDetail } from '@cabanas/domain/payouts'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Spinner } from '../../components/ui/spinner'
import { formatMonthYear, formatMxn, formatShortDate } from '../../lib/format'
import { showsFailure } from '../../lib/query-failure'
import { useHostPayoutMonth } from './use-host-payout-month'
import type { HostSession } from './use-host-payouts'

type Line = MonthDetail['lines'][number]

/** A month's stays, one per line, with what the guest paid, refunds and what the host gets. */
export function PayoutMonthDetail({ month, session }: { month: string; session: HostSession }) {
  const detail = useHostPayoutMonth(session, month)
  if (detail.isPending) {
    return <Spinner label="Cargando estancias…" />
  }
  if (showsFailure(detail)) {
    return <Alert tone="error" role="alert" title="No se pudieron cargar las estancias de este mes." />
  }
  if (detail.data.lines.length === 0)
    return <p className="text-sm text-stone-600">No hay estancias en este mes.</p>
  return (
    <ul className="flex flex-col divide-y divide-stone-100">
      {detail.data.lines.map((line) => (
        <li
          key={`${line.kind}-${line.reservationId}-${line.adjusts ?? ''}`}
          className="py-3 first:pt-0 last:pb-0"
        >
          <PayoutLine line={line} />
        </li>
      ))}
    </ul>
  )
}

function PayoutLine({ line }: { line: Line }) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <p className="font-medium text-stone-900">
          {line.cabinName}
          {line.kind === 'adjustment' && (
            <Badge tone="yellow" className="ml-2 align-middle">
              Ajuste
            </Badge>
          )}
        </p>
        <p className="text-sm text-stone-600 tabular-nums">
          {formatShortDate(line.checkIn)} – {formatShortDate(line.checkOut)}
        </p>
        {line.kind === 'adjustment' && line.adjusts && (
          <p className="text-sm text-stone-600">Corrige {formatMonthYear(line.adjusts)}, ya pagado</p>
        )}
      </div>
      <dl className="grid shrink-0 grid-cols-3 gap-x-4 text-sm sm:text-right">
        <div>
          <dt className="text-stone-500">Pagó</dt>
          <dd className="text-stone-900 tabular-nums">{formatMxn(line.guestPaid)}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Reembolso</dt>
          <dd className="text-stone-900 tabular-nums">{formatMxn(-line.refunded)}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Para ti</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{formatMxn(line.hostAmount)}</dd>
        </div>
      </dl>
    </div>
  )
}
