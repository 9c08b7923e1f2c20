import { hostRequestMessages, requestStateLabels, timeLeftLabel } from '@cabanas/domain/bookings'
import { Check, X } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'
import { isStale, showsFailure } from '../../lib/query-failure'
import { DeclineRequestDialog } from './decline-request-dialog'
import { requestStateTones } from './host-request-card'
import { type HostSession, useAnswerRequest, useHostRequest } from './use-host-requests'

const deadlineFormat = new Intl.DateTimeFormat('es-MX', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'America/Mexico_City',
})
/** 'sábado, 13 de junio, 14:30', in Mexico City's time. */
export const formatDeadline = (iso: string) => deadlineFormat.format(new Date(iso))

/** The API's Spanish refusal, or a general one. */
export const answerErrorMessage = (error: unknown) =>
  isApiError(error) && error.status < 500 && error.message
    ? error.message
    : 'No pudimos guardar tu respuesta. Inténtalo de nuevo.'

/** A request to book, for its host: the guest's first name, the stay, the money, and 'Aceptar' / 'Rechazar'. */
export function HostRequestDetail({ session, id }: { session: HostSession; id: string }) {
  const request = useHostRequest(session, id)
  const { accept, decline } = useAnswerRequest(session, id)
  const [isDeclining, setIsDeclining] = useState(false)

  if (request.isPending) return <Spinner />
  if (showsFailure(request)) {
    const notFound = isApiError(request.error) && request.error.status === 404
    return (
      <Alert
        tone="error"
        role="alert"
        title={notFound ? hostRequestMessages.notFound : 'No pudimos cargar la solicitud.'}
      />
    )
  }
  const data = request.data
  const now = new Date()
  // An answer to what may no longer be the request (the guest withdrew it, it expired) waits for a refresh.
  const held = isStale(request)
  const busy = accept.isPending || decline.isPending || held
  const failure = accept.error ?? null
  return (
    <article aria-labelledby="solicitud-titulo" className="flex flex-col gap-5">
      <div>
        <Badge tone={requestStateTones[data.status]}>{requestStateLabels[data.status]}</Badge>
        <h1 id="solicitud-titulo" className="mt-3 text-2xl font-bold tracking-tight text-stone-900">
          Solicitud de {data.guestFirstName}
        </h1>
        <p className="mt-1 text-stone-600">{data.cabinName}</p>
      </div>
      <StaleNotice
        query={request}
        held={data.status === 'pending' ? 'Para aceptar o rechazar, primero toca «Reintentar».' : undefined}
      />

      {data.status === 'pending' && (
        <Alert tone="warning" title={timeLeftLabel(new Date(data.answerBy), now)}>
          Responde antes del {formatDeadline(data.answerBy)}; si no, la solicitud vence.
        </Alert>
      )}
      {data.status === 'accepted' && data.payBy && (
        <Alert tone="info" title="Aceptaste esta solicitud">
          Enviamos al huésped un enlace de pago válido hasta el {formatDeadline(data.payBy)}. Las noches se
          apartan cuando pague.
        </Alert>
      )}
      {data.status === 'paid' && (
        <Alert tone="success" title="Reserva confirmada">
          El huésped pagó: las noches ya están reservadas en tu calendario.
        </Alert>
      )}
      {data.status === 'declined' && (
        <Alert tone="info" title="Rechazaste esta solicitud">
          {data.declineMessage ? `Tu mensaje: «${data.declineMessage}»` : 'Sin mensaje para el huésped.'}
        </Alert>
      )}
      {data.status === 'expired' && <Alert tone="info" title="La solicitud venció" />}

      <dl className="divide-y divide-stone-100 rounded-2xl border border-stone-200 bg-white px-4 text-sm">
        <Row label="Llegada" value={formatLongDate(data.checkIn)} />
        <Row label="Salida" value={formatLongDate(data.checkOut)} />
        <Row label="Noches" value={pluralize(data.nights, 'noche', 'noches')} />
        <Row label="Huéspedes" value={pluralize(data.guests, 'huésped', 'huéspedes')} />
        <Row label="Total que paga el huésped" value={`${formatMxn(data.totalPrice)} MXN`} />
        <Row label="Recibirás" value={`${formatMxn(data.hostAmount)} MXN`} strong />
      </dl>
      <p className="text-sm text-stone-600">
        Verás el correo y el teléfono del huésped cuando la reserva esté pagada.
      </p>

      {failure && (
        <Alert tone="error" role="alert">
          {answerErrorMessage(failure)}
        </Alert>
      )}
      {data.status === 'pending' && (
        <div className="sticky bottom-0 -mx-4 flex gap-3 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
          <Button
            variant="outline"
            size="lg"
            className="flex-1"
            disabled={busy}
            onClick={() => setIsDeclining(true)}
          >
            <X aria-hidden="true" />
            Rechazar
          </Button>
          <Button size="lg" className="flex-1" disabled={busy} onClick={() => accept.mutate()}>
            <Check aria-hidden="true" />
            {accept.isPending ? 'Aceptando…' : 'Aceptar'}
          </Button>
        </div>
      )}
      <DeclineRequestDialog
        open={isDeclining}
        onOpenChange={setIsDeclining}
        guestFirstName={data.guestFirstName}
        isPending={decline.isPending}
        held={held}
        error={decline.error ? answerErrorMessage(decline.error) : null}
        onDecline={(message) => decline.mutate(message, { onSuccess: () => setIsDeclining(false) })}
      />
    </article>
  )
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className={strong ? 'font-semibold text-stone-900 tabular-nums' : 'text-right text-stone-900'}>
        {value}
      </dd>
    </div>
  )
}
