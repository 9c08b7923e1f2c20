import type { ReservationView } from '@cabanas/domain/reservations'
import { CreditCard, ExternalLink, Home, MapPin, MessageSquare } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { buttonStyles } from '../../components/ui/button'
import { IMAGE_PLACEHOLDER } from '../../components/ui/image-placeholder'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'
import { paymentStatusBadge, reservationStatusBadge } from './reservation-status'

type ReservationCardProps = {
  reservation: ReservationView
  /** Link of 'Ver Alojamiento'. */
  cabinPath: string
  /** Link of 'Enviar mensaje' (the thread with the host), if any. */
  messagesPath?: string
}

/** One reservation of Mis Reservas, with every field of spec §2. */
export function ReservationCard({ reservation, cabinPath, messagesPath }: ReservationCardProps) {
  const status = reservationStatusBadge(reservation.status)
  const payment = paymentStatusBadge(reservation.paymentStatus)
  const hasPendingBalance = reservation.balanceDue > 0
  const titleId = `reserva-${reservation._id}`

  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xs md:flex"
    >
      <ReservationImage src={reservation.chaletImage} alt={reservation.resourceName} />
      <div className="flex min-w-0 flex-1 flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={status.tone}>{status.label}</Badge>
          <Badge tone={payment.tone} icon={<CreditCard />}>
            <span className="sr-only">Pago: </span>
            {payment.label}
          </Badge>
        </div>

        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {reservation.resourceName}
          </h2>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
            <MapPin aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
            {reservation.location}
          </p>
          <p className="mt-2 text-xs break-all text-stone-500">Reserva #{reservation._id}</p>
          <p className="text-xs text-stone-500">
            ID del alojamiento: <span className="font-medium">{reservation.resourceId.slice(-8)}</span>
          </p>
        </div>

        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
          <Fact label="Llegada" value={formatLongDate(reservation.arrivalDate)} />
          <Fact label="Salida" value={formatLongDate(reservation.departureDate)} />
          <Fact label="Huéspedes" value={pluralize(reservation.pax, 'huésped', 'huéspedes')} />
          <Fact label="Noches" value={pluralize(reservation.nNights, 'noche', 'noches')} />
          <Fact
            label="Capacidad máxima"
            value={pluralize(reservation.maxOccupation, 'huésped', 'huéspedes')}
          />
          <Fact label="Total" value={`${formatMxn(reservation.total)} ${reservation.currency}`} strong />
        </dl>

        {hasPendingBalance && (
          <p className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950">
            <span className="font-medium">Saldo Pendiente</span>
            <span className="font-semibold tabular-nums">
              {formatMxn(reservation.balanceDue)} {reservation.currency}
            </span>
          </p>
        )}

        <div className="mt-auto flex flex-wrap gap-3 pt-1">
          <Link to={cabinPath} className={buttonStyles({ variant: 'outline', size: 'sm' })}>
            <Home aria-hidden="true" />
            Ver Alojamiento
          </Link>
          {messagesPath && (
            <Link to={messagesPath} className={buttonStyles({ variant: 'outline', size: 'sm' })}>
              <MessageSquare aria-hidden="true" />
              Enviar mensaje
            </Link>
          )}
          {reservation.url && (
            <a
              href={reservation.url}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonStyles({ size: 'sm' })}
            >
              Ver Detalles
              <ExternalLink aria-hidden="true" />
              <span className="sr-only">(se abre en una pestaña nueva)</span>
            </a>
          )}
        </div>
      </div>
    </article>
  )
}

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className={strong ? 'font-semibold text-stone-900 tabular-nums' : 'text-stone-800'}>{value}</dd>
    </div>
  )
}

/** The cabin's cover; a neutral placeholder when there is none or it fails to load (spec §3). */
function ReservationImage({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false)
  const shown = !src || failed ? IMAGE_PLACEHOLDER : src
  return (
    <div className="aspect-[16/9] shrink-0 bg-stone-200 md:aspect-auto md:w-72">
      <img
        src={shown}
        alt={shown === IMAGE_PLACEHOLDER ? '' : alt}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="size-full object-cover"
      />
    </div>
  )
}
