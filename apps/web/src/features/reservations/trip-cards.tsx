import { cancellationPolicyText } from '@cabanas/domain/catalog'
import {
  CHECK_IN_TIME,
  CHECK_OUT_TIME,
  type ReservationDetails,
  SUPPORT_EMAIL,
} from '@cabanas/domain/reservations'
import { CalendarDays, LifeBuoy, ReceiptText, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { TitledCard } from '../../components/ui/titled-card'
import { cx } from '../../lib/cx'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'

function Fact({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-0.5 font-medium text-pretty text-stone-900">{children}</dd>
      {hint && <dd className="text-sm text-stone-600">{hint}</dd>}
    </div>
  )
}

/** Dates in long Spanish form with the check-in and check-out times, guests and nights. */
export function TripStayCard({ reservation }: { reservation: ReservationDetails }) {
  return (
    <TitledCard title="Tu estancia" icon={<CalendarDays />}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-4 text-sm">
        <Fact label="Llegada" hint={`Desde las ${CHECK_IN_TIME}`}>
          {formatLongDate(reservation.arrivalDate)}
        </Fact>
        <Fact label="Salida" hint={`Hasta las ${CHECK_OUT_TIME}`}>
          {formatLongDate(reservation.departureDate)}
        </Fact>
        <Fact label="Huéspedes">{pluralize(reservation.pax, 'huésped', 'huéspedes')}</Fact>
        <Fact label="Noches">{pluralize(reservation.nNights, 'noche', 'noches')}</Fact>
      </dl>
    </TitledCard>
  )
}

function PriceLine({ label, amount, strong }: { label: ReactNode; amount: number; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-semibold text-stone-900' : 'text-stone-600'}>{label}</dt>
      <dd className={cx('text-stone-900 tabular-nums', strong && 'text-lg font-semibold')}>
        {formatMxn(amount)}
      </dd>
    </div>
  )
}

/**
 * The stay's lodging and service fee, which add up to the total, and the IVA inside that total
 * (spec §2's 'Subtotal' and 'IVA (16%)' lines, computed by the domain).
 */
export function TripPriceCard({ reservation }: { reservation: ReservationDetails }) {
  const { pricing } = reservation
  const nights = pluralize(pricing.nights, 'noche', 'noches')
  return (
    <TitledCard title="Detalle del precio" icon={<ReceiptText />}>
      <dl className="space-y-2.5 text-sm">
        <PriceLine label={`Alojamiento, ${nights}`} amount={pricing.total - pricing.serviceCommission} />
        {pricing.serviceCommission > 0 && (
          <PriceLine label="Tarifa de servicio" amount={pricing.serviceCommission} />
        )}
      </dl>
      <dl className="mt-4 space-y-2.5 border-t border-stone-200 pt-4 text-sm">
        <PriceLine label="Subtotal" amount={pricing.subtotal} />
        <PriceLine label="IVA (16%)" amount={pricing.iva} />
      </dl>
      <dl className="mt-4 border-t border-stone-200 pt-4 text-sm">
        <PriceLine label={`Total (${reservation.currency})`} amount={pricing.total} strong />
      </dl>
      <p className="mt-2 text-right text-xs text-stone-500">
        {`${formatMxn(pricing.nightlyPrice)} MXN por noche en promedio, IVA incluido`}
      </p>
    </TitledCard>
  )
}

/**
 * The cabin's own policy in plain Spanish with this stay's deadline (a date and hour in Mexico City),
 * where the stay stands now, and the way to cancel while the stay has not started; once it has,
 * whom to write to.
 */
export function TripPolicyCard({
  reservation,
  cancelAction,
}: {
  reservation: ReservationDetails
  cancelAction: ReactNode
}) {
  const policy = cancellationPolicyText(reservation.cancellationPolicy, reservation.arrivalDate)
  const { phase, refund } = reservation.cancellation
  const isActive = reservation.status === 'active'
  const isPaid = reservation.paymentStatus === 'PAID'
  return (
    <TitledCard title="Política de cancelación" icon={<ShieldCheck />}>
      <p className="text-sm leading-relaxed text-stone-700">
        <strong className="font-semibold text-stone-900">{policy.deadline ?? policy.label}.</strong>{' '}
        {policy.summary}
      </p>
      {isActive && phase === 'penalty' && policy.deadline && isPaid && (
        <p className="mt-3 text-sm leading-relaxed text-stone-700">
          {refund > 0
            ? `El plazo de cancelación gratuita ya terminó: si cancelas ahora, te reembolsamos ${formatMxn(refund)} ${reservation.currency}.`
            : 'El plazo de cancelación gratuita ya terminó: si cancelas ahora, el pago no se reembolsa.'}
        </p>
      )}
      {isActive && phase === 'started' && (
        <p className="mt-4 rounded-xl bg-stone-100 p-4 text-sm leading-relaxed text-stone-700">
          Tu estancia ya comenzó, así que ya no se puede cancelar desde aquí. Si necesitas ayuda, escríbenos a{' '}
          <a
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Reserva ${reservation._id}`)}`}
            className="font-medium break-all text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {SUPPORT_EMAIL}
          </a>{' '}
          con tu ID de reserva.
        </p>
      )}
      {cancelAction && <div className="mt-4">{cancelAction}</div>}
    </TitledCard>
  )
}

/** The guest's contact details as the reservation keeps them, and where to write to us. */
export function TripContactCard({ reservation }: { reservation: ReservationDetails }) {
  const { guest } = reservation
  return (
    <TitledCard title="Contacto" icon={<LifeBuoy />}>
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <Fact label="Huésped principal">
          {guest.firstName} {guest.lastName}
        </Fact>
        <Fact label="Correo">
          <span className="break-all">{guest.email}</span>
        </Fact>
        <Fact label="Teléfono">
          <span className="tabular-nums">+52 {guest.phone}</span>
        </Fact>
        <Fact label="¿Necesitas ayuda?">
          <a
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Reserva ${reservation._id}`)}`}
            className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {SUPPORT_EMAIL}
          </a>
        </Fact>
      </dl>
    </TitledCard>
  )
}
