import {
  cancelledByLabels,
  type OperatorReservation,
  reservationStatusLabels,
} from '@cabanas/domain/reservations'
import { LoaderCircle, Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Badge, type BadgeTone } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { inputStyles } from '../../components/ui/field'
import { Pager } from '../../components/ui/pager'
import { RetryAlert } from '../../components/ui/retry-alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleHold, StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { formatMxn, formatShortDate } from '../../lib/format'
import { isStale, showsFailure } from '../../lib/query-failure'
import type { OperatorReservationFilter } from './operator-reservations.api'
import type { OperatorSession } from './session-props'
import { useOperatorReservations, useRefundReservation } from './use-operator-reservations'

const STATUS_OPTIONS = [
  ['', 'Todos los estados'],
  ['active', 'Activas'],
  ['pending', 'Pendientes'],
  ['cancelled', 'Canceladas'],
  ['completed', 'Completadas'],
] as const

const tones: Record<OperatorReservation['status'], BadgeTone> = {
  active: 'green',
  pending: 'yellow',
  cancelled: 'red',
  completed: 'grey',
}

function StatusBadge({ reservation }: { reservation: OperatorReservation }) {
  const by = reservation.cancelledBy ? ` por ${cancelledByLabels[reservation.cancelledBy]}` : ''
  const refunded = reservation.paymentStatus === 'REFUNDED' ? ' · reembolsada' : ''
  return (
    <Badge tone={tones[reservation.status]}>
      {reservationStatusLabels[reservation.status]}
      {reservation.status === 'cancelled' ? by : ''}
      {refunded}
    </Badge>
  )
}

function refundErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status > 0 && error.status < 500) {
    const body = error.body as { error?: unknown } | undefined
    if (typeof body?.error === 'string' && body.error.trim()) return body.error
  }
  return 'No se pudo reembolsar la reserva. Intenta de nuevo.'
}

/**
 * The console's reservations: a table on a wide screen, cards on a phone; filtered by status and a
 * cabin's name or a reservation's id. 'Reembolsar' cancels an active, paid one with a full refund,
 * after a confirmation that says what happens.
 */
export function OperatorReservations({ session }: { session: OperatorSession }) {
  const [filter, setFilter] = useState<OperatorReservationFilter>({ page: 1 })
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState<string>('')
  const [chosen, setChosen] = useState<OperatorReservation | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const list = useOperatorReservations(session, filter)
  const refund = useRefundReservation(session, (message) => {
    setNotice(message)
    setChosen(null)
  })

  const apply = (event: FormEvent) => {
    event.preventDefault()
    setFilter({
      page: 1,
      ...(status ? { status: status as OperatorReservation['status'] } : {}),
      ...(search.trim() ? { q: search.trim().slice(0, 100) } : {}),
    })
  }

  const choose = (reservation: OperatorReservation) => {
    refund.reset()
    setNotice(null)
    setChosen(reservation)
  }

  return (
    <div className="flex flex-col gap-5">
      <form
        aria-label="Filtrar reservas"
        onSubmit={apply}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <label className="flex min-w-0 flex-1 flex-col gap-1.5 text-sm font-medium text-stone-800">
          Buscar por cabaña o ID de reserva
          <input
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            className={inputStyles()}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-stone-800">
          Estado
          <select
            value={status}
            onChange={(event) => setStatus(event.target.value)}
            className={inputStyles()}
          >
            {STATUS_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit">
          <Search aria-hidden="true" />
          Buscar
        </Button>
      </form>
      {notice && <Alert tone="success" role="status" title={notice} />}
      <StaleNotice query={list} held="Para reembolsar, primero toca «Reintentar»." />
      {list.isPending ? (
        <PageSpinner label="Cargando las reservas…" />
      ) : showsFailure(list) ? (
        <RetryAlert title="No se pudieron cargar las reservas." onRetry={() => void list.refetch()} />
      ) : list.data.reservations.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 p-6 text-center text-stone-600">
          No hay reservas con estos filtros.
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-3 md:hidden">
            {list.data.reservations.map((reservation) => (
              <li key={reservation.id} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="min-w-0 font-semibold text-stone-900">{reservation.cabinName}</p>
                  <StatusBadge reservation={reservation} />
                </div>
                <p className="mt-1 text-sm text-stone-700">
                  {formatShortDate(reservation.checkIn)} – {formatShortDate(reservation.checkOut)} ·{' '}
                  {reservation.guestFirstName}
                </p>
                <p className="mt-1 text-xs break-all text-stone-500">{reservation.id}</p>
                <div className="mt-3 flex items-center justify-between gap-3">
                  <span className="text-sm font-semibold tabular-nums">
                    {formatMxn(reservation.totalPrice)}
                  </span>
                  {reservation.isRefundable && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={isStale(list) || list.isPlaceholderData}
                      onClick={() => choose(reservation)}
                    >
                      Reembolsar
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-stone-50 text-xs text-stone-500 uppercase">
                <tr>
                  <th className="px-4 py-3 font-semibold">Cabaña</th>
                  <th className="px-4 py-3 font-semibold">Anfitrión</th>
                  <th className="px-4 py-3 font-semibold">Fechas</th>
                  <th className="px-4 py-3 font-semibold">Huésped</th>
                  <th className="px-4 py-3 font-semibold">Estado</th>
                  <th className="px-4 py-3 text-right font-semibold">Total</th>
                  <th className="px-4 py-3">
                    <span className="sr-only">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {list.data.reservations.map((reservation) => (
                  <tr key={reservation.id}>
                    <td className="px-4 py-3">
                      <p className="font-medium text-stone-900">{reservation.cabinName}</p>
                      <p className="text-xs text-stone-500">{reservation.id.slice(0, 8).toUpperCase()}</p>
                    </td>
                    <td className="px-4 py-3 text-stone-700">{reservation.hostName ?? '—'}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-stone-700">
                      {formatShortDate(reservation.checkIn)} – {formatShortDate(reservation.checkOut)}
                    </td>
                    <td className="px-4 py-3 text-stone-700">{reservation.guestFirstName}</td>
                    <td className="px-4 py-3">
                      <StatusBadge reservation={reservation} />
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{formatMxn(reservation.totalPrice)}</td>
                    <td className="px-4 py-3 text-right">
                      {reservation.isRefundable && (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={isStale(list) || list.isPlaceholderData}
                          onClick={() => choose(reservation)}
                        >
                          Reembolsar
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager {...list.data} onPage={(page) => setFilter((current) => ({ ...current, page }))} />
        </>
      )}
      {chosen && (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open && !refund.isSending) setChosen(null)
          }}
          title="¿Reembolsar esta reserva?"
          placement="sheet"
          footer={
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setChosen(null)} disabled={refund.isSending}>
                No reembolsar
              </Button>
              <Button onClick={() => refund.send(chosen.id)} disabled={refund.isSending || isStale(list)}>
                {refund.isSending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
                {refund.isSending ? 'Reembolsando…' : `Reembolsar ${formatMxn(chosen.totalPrice)}`}
              </Button>
            </div>
          }
        >
          <div className="flex flex-col gap-3 px-5 py-5 text-sm text-stone-700 sm:px-6">
            <p>
              La reserva de {chosen.guestFirstName} en {chosen.cabinName} ({formatShortDate(chosen.checkIn)} –{' '}
              {formatShortDate(chosen.checkOut)}) se cancelará en nombre de Cabañas MX.
            </p>
            <ul className="list-disc space-y-1 pl-5">
              <li>El huésped recibe el reembolso completo: {formatMxn(chosen.totalPrice)}.</li>
              <li>Las noches quedan libres y no cuenta en el historial del anfitrión.</li>
              <li>Avisamos por correo al huésped y al anfitrión.</li>
            </ul>
            {isStale(list) && <StaleHold />}
            {refund.error && <Alert tone="error" role="alert" title={refundErrorMessage(refund.error)} />}
          </div>
        </Dialog>
      )}
    </div>
  )
}
