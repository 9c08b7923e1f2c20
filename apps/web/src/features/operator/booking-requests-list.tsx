import { bookingRequestStatusLabels } from '@cabanas/domain/auth'
import type { OperatorBookingRequest } from '@cabanas/domain/reservations'
import { useState } from 'react'
import { Badge } from '../../components/ui/badge'
import { Pager } from '../../components/ui/pager'
import { RetryAlert } from '../../components/ui/retry-alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { formatMxn, formatShortDate } from '../../lib/format'
import { showsFailure } from '../../lib/query-failure'
import type { OperatorSession } from './session-props'
import { useOperatorBookingRequests } from './use-operator-reservations'

/** The requests to book, latest first: status, cabin, dates and when it was made. Read-only. */
export function BookingRequestsList({ session }: { session: OperatorSession }) {
  const [page, setPage] = useState(1)
  const list = useOperatorBookingRequests(session, page)
  if (list.isPending) return <PageSpinner label="Cargando las solicitudes…" />
  if (showsFailure(list)) {
    return <RetryAlert title="No se pudieron cargar las solicitudes." onRetry={() => void list.refetch()} />
  }
  // One notice in one place whether the list is empty or not: a refresh that changes which (after
  // 'Reintentar') keeps it, with its confirmation and the focus.
  return (
    <div className="flex flex-col gap-5">
      <StaleNotice query={list} />
      {list.data.requests.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600">
          Aún no hay solicitudes de reserva.
        </p>
      ) : (
        <RequestCards requests={list.data.requests} />
      )}
      <Pager {...list.data} onPage={setPage} />
    </div>
  )
}

function RequestCards({ requests }: { requests: OperatorBookingRequest[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {requests.map((request) => (
        <li key={request.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <p className="min-w-0 font-semibold text-stone-900">{request.cabinName}</p>
            <Badge
              tone={
                request.status === 'pending'
                  ? 'yellow'
                  : request.status === 'accepted' || request.status === 'paid'
                    ? 'green'
                    : 'grey'
              }
            >
              {bookingRequestStatusLabels[request.status]}
            </Badge>
          </div>
          <p className="mt-1 text-sm text-stone-700">
            {formatShortDate(request.checkIn)} – {formatShortDate(request.checkOut)} · {request.guests}{' '}
            {request.guests === 1 ? 'huésped' : 'huéspedes'}
          </p>
          <div className="mt-2 flex items-center justify-between gap-3 text-sm">
            <span className="text-stone-500">Creada el {formatShortDate(request.createdAt)}</span>
            <span className="font-semibold tabular-nums">{formatMxn(request.totalPrice)}</span>
          </div>
        </li>
      ))}
    </ul>
  )
}
