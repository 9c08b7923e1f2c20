import { Mail, MessageCircle, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { MessagePanel } from '../../components/ui/message-panel'
import { RetryAlert } from '../../components/ui/retry-alert'
import { PageSpinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'
import { isStale, showsFailure } from '../../lib/query-failure'
import { HostCancelDialog } from './host-cancel-dialog'
import { HostReservationStatusBadge, refundLabel } from './host-reservation-status'
import { type HostSession, useCancelHostReservation, useHostReservation } from './use-host-reservations'

const linkStyles =
  'inline-flex items-center gap-2 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 [&_svg]:size-4'

/**
 * One reservation for its host: the stay, the money, where it stands, and the guest's contact only
 * for a confirmed stay (a phone link and WhatsApp); 'Cancelar reserva' while the host may.
 */
export function HostReservationDetails({ session, id }: { session: HostSession; id: string }) {
  const query = useHostReservation(session, id)
  const cancel = useCancelHostReservation(session, id)
  const [notice, setNotice] = useState<string | null>(null)
  if (query.isPending) return <PageSpinner label="Cargando la reserva…" />
  if (showsFailure(query)) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <MessagePanel tone="error" title="No encontramos esa reserva entre las de tus cabañas." />
    }
    return <RetryAlert title="No se pudo cargar la reserva." onRetry={() => void query.refetch()} />
  }
  const reservation = query.data
  const refund = refundLabel(reservation)
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            {reservation.cabinName}
          </h1>
          <p className="mt-1 text-sm text-stone-500 break-all">Reserva {reservation.id}</p>
        </div>
        <HostReservationStatusBadge reservation={reservation} />
      </div>
      {notice && <Alert tone="success" role="status" title={notice} />}
      <StaleNotice
        query={query}
        held={reservation.isCancellable ? 'Para cancelar la reserva, primero toca «Reintentar».' : undefined}
      />

      <Section title="Estancia">
        <Row label="Llegada" value={formatLongDate(reservation.checkIn)} />
        <Row label="Salida" value={formatLongDate(reservation.checkOut)} />
        <Row label="Noches" value={String(reservation.nights)} />
        <Row label="Huéspedes" value={pluralize(reservation.guests, 'huésped', 'huéspedes')} />
      </Section>

      <Section title="Montos">
        <Row label="Pagado por el huésped" value={formatMxn(reservation.totalPrice)} />
        <Row label="Tarifa de servicio" value={formatMxn(reservation.serviceFee)} />
        <Row label="Recibes" value={<strong>{formatMxn(reservation.hostAmount)}</strong>} />
        {refund && <Row label="Reembolso" value={refund} />}
      </Section>

      <Section title="Huésped">
        {reservation.contact ? (
          <>
            <Row label="Nombre" value={reservation.contact.fullName} />
            <Row
              label="Correo"
              value={
                <a className={linkStyles} href={`mailto:${reservation.contact.email}`}>
                  <Mail aria-hidden="true" />
                  <span className="break-all">{reservation.contact.email}</span>
                </a>
              }
            />
            <Row
              label="Teléfono"
              value={
                <span className="flex flex-wrap justify-end gap-x-4 gap-y-1">
                  <a className={linkStyles} href={`tel:${reservation.contact.phone}`}>
                    <Phone aria-hidden="true" />
                    {reservation.contact.phone}
                  </a>
                  {reservation.contact.whatsappUrl && (
                    <a
                      className={linkStyles}
                      href={reservation.contact.whatsappUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <MessageCircle aria-hidden="true" />
                      WhatsApp
                    </a>
                  )}
                </span>
              }
            />
            {reservation.specialRequests && <Row label="Peticiones" value={reservation.specialRequests} />}
          </>
        ) : (
          <>
            <Row label="Nombre" value={reservation.guestFirstName} />
            <p className="py-2 text-sm text-stone-500">
              Los datos de contacto del huésped se muestran solo en reservas confirmadas.
            </p>
          </>
        )}
      </Section>

      {reservation.status === 'cancelled' && reservation.cancelledAt && (
        <Section title="Cancelación">
          <Row label="Fecha" value={formatLongDate(reservation.cancelledAt)} />
          {reservation.cancellationReason && <Row label="Motivo" value={reservation.cancellationReason} />}
        </Section>
      )}

      {reservation.isCancellable && (
        <div>
          <HostCancelDialog
            reservation={reservation}
            held={isStale(query)}
            onConfirm={async (body) => {
              const { message } = await cancel.mutateAsync(body)
              setNotice(message)
            }}
          />
        </div>
      )}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="text-base font-semibold text-stone-900">{title}</h2>
      <dl className="mt-2 divide-y divide-stone-100 text-sm">{children}</dl>
    </section>
  )
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="shrink-0 text-stone-500">{label}</dt>
      <dd className="min-w-0 text-right text-stone-900">{value}</dd>
    </div>
  )
}
