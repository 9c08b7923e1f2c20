import type { ConfirmationState } from '@cabanas/domain/bookings'
import { CalendarDays, CircleCheck, CreditCard, ReceiptText } from 'lucide-react'
import type { ReactNode } from 'react'
import { TitledCard } from '../../components/ui/titled-card'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'
import { ConfirmationHeader, DetailList, DetailRow, LodgingCard, ReferenceId } from './confirmation-details'

type ReservationConfirmationProps = {
  confirmation: Extract<ConfirmationState, { kind: 'reservation' }>
  /** 'Volver al inicio' and 'Ver mis reservas'. */
  actions: ReactNode
}

/** Spec §2 confirmation of a paid reservation. */
export function ReservationConfirmation({ confirmation, actions }: ReservationConfirmationProps) {
  const { bookingData: stay, guestInfo } = confirmation
  return (
    <>
      <ConfirmationHeader icon={<CircleCheck />} tone="success" title="¡Reserva confirmada!">
        <p>
          Gracias,{' '}
          <strong className="font-semibold text-stone-900">
            {guestInfo.firstName} {guestInfo.lastName}
          </strong>
          . Tu pago se procesó correctamente y tu estancia está reservada.
        </p>
      </ConfirmationHeader>
      <ReferenceId label="ID de Reserva" value={confirmation.reservationId} />

      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        <LodgingCard cabin={stay} />

        <TitledCard title="Tu estancia" icon={<CalendarDays />}>
          <DetailList>
            <DetailRow label="Llegada">{formatLongDate(stay.checkIn)}</DetailRow>
            <DetailRow label="Salida">{formatLongDate(stay.checkOut)}</DetailRow>
            <DetailRow label="Noches">{pluralize(stay.nights, 'noche', 'noches')}</DetailRow>
          </DetailList>
        </TitledCard>

        <TitledCard title="Pago" icon={<CreditCard />}>
          <DetailList>
            <DetailRow label="ID de transacción">
              <span className="font-mono text-xs break-all">{confirmation.paymentDetails.id || '—'}</span>
            </DetailRow>
            <DetailRow label="Estado">
              <span className="inline-flex items-center rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
                Completado
              </span>
            </DetailRow>
          </DetailList>
        </TitledCard>

        <TitledCard title="Resumen de facturación" icon={<ReceiptText />}>
          <DetailList>
            <DetailRow label="Total pagado">{formatMxn(confirmation.totalAmount)} MXN</DetailRow>
            <DetailRow label="Email de contacto">{guestInfo.email}</DetailRow>
          </DetailList>
        </TitledCard>
      </div>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">{actions}</div>
    </>
  )
}
