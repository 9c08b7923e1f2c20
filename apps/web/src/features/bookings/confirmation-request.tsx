import { bookingRequestMessages, type ConfirmationState } from '@cabanas/domain/bookings'
import { CalendarDays, Hourglass, Info, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert } from '../../components/ui/alert'
import { TitledCard } from '../../components/ui/titled-card'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'
import { ConfirmationHeader, DetailList, DetailRow, LodgingCard, ReferenceId } from './confirmation-details'

type RequestConfirmationProps = {
  confirmation: Extract<ConfirmationState, { kind: 'request' }>
  /** 'Volver al inicio' and back to the cabin. */
  actions: ReactNode
}

/** A request to book sent to the host: not a reservation, nothing charged. */
export function RequestConfirmation({ confirmation: request, actions }: RequestConfirmationProps) {
  return (
    <>
      <ConfirmationHeader icon={<Hourglass />} tone="waiting" title="Solicitud enviada">
        <p>
          Gracias, <strong className="font-semibold text-stone-900">{request.fullName}</strong>. Enviamos tu
          solicitud al anfitrión de {request.cabinName}.
        </p>
      </ConfirmationHeader>
      <ReferenceId label="ID de Solicitud" value={request.requestId} />

      <Alert tone="info" title="Pendiente de aceptación" className="mx-auto mt-6 max-w-2xl">
        <p>
          {bookingRequestMessages.notice} No se ha realizado ningún cargo y las fechas no quedan apartadas
          mientras tanto.
        </p>
      </Alert>

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <LodgingCard cabin={request} />

        <TitledCard title="Estancia solicitada" icon={<CalendarDays />}>
          <DetailList>
            <DetailRow label="Llegada">{formatLongDate(request.checkIn)}</DetailRow>
            <DetailRow label="Salida">{formatLongDate(request.checkOut)}</DetailRow>
            <DetailRow label="Noches">{pluralize(request.nights, 'noche', 'noches')}</DetailRow>
            <DetailRow label="Huéspedes">{pluralize(request.guests, 'huésped', 'huéspedes')}</DetailRow>
          </DetailList>
        </TitledCard>

        <TitledCard title="Total estimado" icon={<Info />}>
          <DetailList>
            <DetailRow label="Total estimado">{formatMxn(request.totalPrice)} MXN</DetailRow>
            <DetailRow label="Cargo realizado">{formatMxn(0)}</DetailRow>
          </DetailList>
        </TitledCard>

        <TitledCard title="Contacto" icon={<UserRound />}>
          <DetailList>
            <DetailRow label="Nombre">{request.fullName}</DetailRow>
            <DetailRow label="Email">{request.email}</DetailRow>
            <DetailRow label="Teléfono">{request.phone}</DetailRow>
          </DetailList>
        </TitledCard>
      </div>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">{actions}</div>
    </>
  )
}
