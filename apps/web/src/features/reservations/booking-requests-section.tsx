import {
  type BookingRequestStatus,
  bookingRequestStatusLabels,
  type MyBookingRequest,
} from '@cabanas/domain/auth'
import { bookingRequestMessages, timeLeftLabel } from '@cabanas/domain/bookings'
import { useQuery } from '@tanstack/react-query'
import { CreditCard, Home, MapPin, MessageSquare } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '../../components/ui/alert'
import { Badge, type BadgeTone } from '../../components/ui/badge'
import { buttonStyles } from '../../components/ui/button'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'
import { showsFailure } from '../../lib/query-failure'
import { listMyBookingRequests } from './booking-requests.api'

const statusTones: Record<BookingRequestStatus, BadgeTone> = {
  pending: 'yellow',
  accepted: 'green',
  declined: 'red',
  expired: 'grey',
  paid: 'green',
}

type BookingRequestsSectionProps = {
  token: string
  /** Link of 'Ver Alojamiento'. */
  cabinPath: (cabinId: string) => string
  /** Link of 'Enviar mensaje' (the request's thread with the host), if any. */
  messagesPath?: (requestId: string) => string
  /** The checkout of an accepted request ('Pagar'). */
  payPath: (request: MyBookingRequest) => string
}

/**
 * Mis Reservas, 'Solicitudes de reserva': what the client asked hosts for (nothing paid, no night
 * held). Nothing is shown while there is none.
 */
export function BookingRequestsSection({
  token,
  cabinPath,
  payPath,
  messagesPath,
}: BookingRequestsSectionProps) {
  const requests = useQuery({
    queryKey: ['booking-requests', token],
    queryFn: ({ signal }) => listMyBookingRequests(token, signal),
    staleTime: 0,
  })
  // Secondary to the reservations above: a quiet note, not an alert, when they cannot be read. A failed
  // refresh in passing keeps them (the reservations above say that the page could not be refreshed).
  if (showsFailure(requests)) {
    return <Alert tone="warning" className="mt-10" title="No pudimos cargar tus solicitudes de reserva." />
  }
  if (!requests.data || requests.data.length === 0) return null
  const now = new Date()
  return (
    <section aria-labelledby="solicitudes" className="mt-10">
      <h2 id="solicitudes" className="text-xl font-semibold text-stone-900">
        Solicitudes de reserva
      </h2>
      <p className="mt-1 text-sm text-stone-600">{bookingRequestMessages.notice}</p>
      <ul className="mt-4 flex flex-col gap-4">
        {requests.data.map((request) => (
          <li key={request.requestId}>
            <BookingRequestCard
              request={request}
              cabinPath={cabinPath(request.cabinId)}
              messagesPath={messagesPath?.(request.requestId)}
              payPath={payPath(request)}
              now={now}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

type BookingRequestCardProps = {
  request: MyBookingRequest
  cabinPath: string
  payPath: string
  now: Date
  messagesPath: string | undefined
}

function BookingRequestCard({ request, cabinPath, payPath, now, messagesPath }: BookingRequestCardProps) {
  const titleId = `solicitud-${request.requestId}`
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <Badge tone={statusTones[request.status]}>{bookingRequestStatusLabels[request.status]}</Badge>
        <h3 id={titleId} className="mt-2 font-semibold text-stone-900">
          {request.cabinName}
        </h3>
        <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-600">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-stone-400" />
          {request.location}
        </p>
        <p className="mt-2 text-sm text-stone-800">
          {formatLongDate(request.checkIn)} – {formatLongDate(request.checkOut)} ·{' '}
          {pluralize(request.nights, 'noche', 'noches')} · {pluralize(request.guests, 'huésped', 'huéspedes')}
        </p>
        <p className="mt-1 text-sm text-stone-600">
          Total estimado:{' '}
          <span className="font-semibold text-stone-900 tabular-nums">
            {formatMxn(request.totalPrice)} MXN
          </span>
        </p>
        <RequestStateNote request={request} now={now} />
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
        {request.status === 'accepted' ? (
          <Link to={payPath} className={buttonStyles({ size: 'sm' })}>
            <CreditCard aria-hidden="true" />
            Pagar
          </Link>
        ) : null}
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
      </div>
    </article>
  )
}

const deadlineFormat = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'America/Mexico_City',
})

/** What a request's state means for the guest: the time the host has left, the pay deadline, the host's message. */
function RequestStateNote({ request, now }: { request: MyBookingRequest; now: Date }) {
  if (request.status === 'pending' && request.answerBy) {
    return (
      <p className="mt-2 text-sm text-stone-700">
        El anfitrión tiene hasta el {deadlineFormat.format(new Date(request.answerBy))} para responder (
        {timeLeftLabel(new Date(request.answerBy), now).toLowerCase()}).
      </p>
    )
  }
  if (request.status === 'accepted' && request.payBy) {
    return (
      <p className="mt-2 text-sm font-medium text-stone-900">
        ¡Aceptada! Paga antes del {deadlineFormat.format(new Date(request.payBy))} para confirmar tu reserva.
      </p>
    )
  }
  if (request.status === 'declined') {
    return (
      <p className="mt-2 text-sm text-stone-700">
        {request.declineMessage
          ? `Mensaje del anfitrión: «${request.declineMessage}»`
          : 'El anfitrión no puede recibirte en esas fechas.'}
      </p>
    )
  }
  if (request.status === 'expired') {
    return <p className="mt-2 text-sm text-stone-700">Venció sin confirmarse. No se hizo ningún cargo.</p>
  }
  return null
}
