import {
  HOST_RESERVATION_TABS,
  type HostReservationSummary,
  type HostReservationTab,
  hostReservationTabLabels,
} from '@cabanas/domain/reservations'
import { CalendarX2, Download, LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { Pager } from '../../components/ui/pager'
import { RetryAlert } from '../../components/ui/retry-alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { cx } from '../../lib/cx'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { formatMxn, formatShortDate, pluralize } from '../../lib/format'
import { showsFailure } from '../../lib/query-failure'
import { saveFile } from '../../lib/save-file'
import { HostReservationStatusBadge, refundLabel } from './host-reservation-status'
import { fetchHostReservationsCsv } from './host-reservations.api'
import { type HostSession, useHostReservations } from './use-host-reservations'

const emptyTexts: Record<HostReservationTab, string> = {
  upcoming: 'No tienes reservas próximas.',
  past: 'Aún no tienes estancias terminadas.',
  cancelled: 'No tienes reservas canceladas.',
}

/**
 * The host's reservations: tabs 'Próximas', 'Pasadas' and 'Canceladas' (the page keeps the tab in its
 * address), one card per reservation (a phone's width first), pages of 20 and 'Descargar CSV'.
 */
export function HostReservationList({
  session,
  tab,
  onTabChange,
  reservationHref,
}: {
  session: HostSession
  tab: HostReservationTab
  onTabChange: (tab: HostReservationTab) => void
  reservationHref: (id: string) => string
}) {
  const [page, setPage] = useState(1)
  const list = useHostReservations(session, tab, page)
  const [csv, setCsv] = useState<{ isSending: boolean; error: string | null }>({
    isSending: false,
    error: null,
  })

  const download = async () => {
    setCsv({ isSending: true, error: null })
    try {
      const { file, fileName } = await endSessionOn401(
        () => fetchHostReservationsCsv(session.token, tab),
        session.onUnauthorized,
      )
      saveFile(file, fileName)
      setCsv({ isSending: false, error: null })
    } catch {
      setCsv({ isSending: false, error: 'No se pudo descargar el CSV. Intenta de nuevo.' })
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="tablist" aria-label="Reservas" className="flex gap-1 rounded-full bg-stone-100 p-1">
          {HOST_RESERVATION_TABS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={key === tab}
              onClick={() => {
                setPage(1)
                onTabChange(key)
              }}
              className={cx(
                'h-9 rounded-full px-3 text-sm font-semibold transition-colors sm:px-4',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                key === tab ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900',
              )}
            >
              {hostReservationTabLabels[key]}
            </button>
          ))}
        </div>
        <Button variant="outline" size="sm" onClick={() => void download()} disabled={csv.isSending}>
          {csv.isSending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          Descargar CSV
        </Button>
      </div>
      {csv.error && <Alert tone="error" role="alert" title={csv.error} />}
      <div role="tabpanel" aria-label={hostReservationTabLabels[tab]}>
        <StaleNotice query={list} className="mb-4" />
        {list.isPending ? (
          <PageSpinner label="Cargando tus reservas…" />
        ) : showsFailure(list) ? (
          <RetryAlert title="No se pudieron cargar tus reservas." onRetry={() => void list.refetch()} />
        ) : list.data.reservations.length === 0 ? (
          <MessagePanel icon={<CalendarX2 aria-hidden="true" />} title={emptyTexts[tab]} />
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-2">
              {list.data.reservations.map((reservation) => (
                <li key={reservation.id}>
                  <HostReservationCard reservation={reservation} href={reservationHref(reservation.id)} />
                </li>
              ))}
            </ul>
            <Pager {...list.data} onPage={setPage} className="mt-5" />
          </>
        )}
      </div>
    </div>
  )
}

function HostReservationCard({ reservation, href }: { reservation: HostReservationSummary; href: string }) {
  const refund = refundLabel(reservation)
  return (
    <Link
      to={href}
      className={cx(
        'flex h-full flex-col gap-2 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition-colors',
        'hover:border-stone-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold text-stone-900">{reservation.cabinName}</p>
        <HostReservationStatusBadge reservation={reservation} />
      </div>
      <p className="text-sm text-stone-700">
        {formatShortDate(reservation.checkIn)} – {formatShortDate(reservation.checkOut)} ·{' '}
        {pluralize(reservation.nights, 'noche', 'noches')}
      </p>
      <p className="text-sm text-stone-600">
        {reservation.guestFirstName} · {pluralize(reservation.guests, 'huésped', 'huéspedes')}
      </p>
      <div className="mt-auto flex items-end justify-between gap-3 pt-1">
        <p className="text-xs text-stone-500">{refund ?? `Recibes ${formatMxn(reservation.hostAmount)}`}</p>
        <p className="text-sm font-semibold text-stone-900 tabular-nums">
          {formatMxn(reservation.totalPrice)}
        </p>
      </div>
    </Link>
  )
}
