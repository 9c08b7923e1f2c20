import type { Cabin } from '@cabanas/domain/catalog'
import type { QuoteResponse } from '@cabanas/domain/quotes'
import type { CalendarDate } from '@cabanas/domain/shared'
import { RefreshCw } from 'lucide-react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { shortRangeName } from '../../lib/calendar-month'
import { formatMxn, pluralize } from '../../lib/format'
import { GuestsPicker } from './guests-picker'
import { MainButton } from './main-button'
import { PriceDetails } from './price-details'
import type { OwnReservation, Stay } from './stay'
import type { DatePicking } from './stay-calendar'
import { StayDatesPicker } from './stay-dates-picker'
import type { BookingStatus } from './use-booking-quote'

/** Which selector of the widget is open. */
export type OpenPicker = DatePicking | 'huespedes' | undefined

export type BookingPanelProps = {
  cabin: Cabin
  stay: Stay
  status: BookingStatus
  today: CalendarDate
  bookedNights: ReadonlySet<CalendarDate>
  minNights: number
  availabilityNote: string | undefined
  calendarPlacement: 'popover' | 'inline'
  openPicker: OpenPicker
  onOpenPickerChange: (picker: OpenPicker) => void
  onPickArrival: (date: CalendarDate) => void
  onPickDeparture: (date: CalendarDate) => void
  onClearDates: () => void
  onGuestsChange: (guests: number) => void
  /** The checkout's address for the quoted stay (see MainButton). */
  reserveHref: string | undefined
  onReserve: () => void
  onRequest: () => void
  onRetry: () => void
}

/** Price, LLEGADA / SALIDA / HUÉSPEDES, the main button and, once quoted, the price of the stay. */
export function BookingPanel(props: BookingPanelProps) {
  const { cabin, stay, status, openPicker, onOpenPickerChange } = props
  const quote = status.kind === 'available' ? status.quote : undefined
  const occupancy = cabin.propertyDetails

  return (
    <div>
      <NightlyPrice cabin={cabin} quote={quote} />

      <div className="mt-5 rounded-xl border border-stone-300">
        <StayDatesPicker
          stay={stay}
          picking={openPicker === 'llegada' || openPicker === 'salida' ? openPicker : undefined}
          onPickingChange={onOpenPickerChange}
          today={props.today}
          bookedNights={props.bookedNights}
          minNights={props.minNights}
          availabilityNote={props.availabilityNote}
          calendarPlacement={props.calendarPlacement}
          onPickArrival={props.onPickArrival}
          onPickDeparture={props.onPickDeparture}
          onClear={props.onClearDates}
        />
        <div className="border-t border-stone-300">
          <GuestsPicker
            guests={stay.guests}
            occupancy={occupancy}
            isOpen={openPicker === 'huespedes'}
            onOpenChange={(isOpen) => onOpenPickerChange(isOpen ? 'huespedes' : undefined)}
            onChange={props.onGuestsChange}
          />
        </div>
      </div>

      {status.kind === 'unavailable' && (
        <Alert role="alert" tone="warning" className="mt-4">
          <p>{status.message}</p>
          {status.canRetry && (
            <button
              type="button"
              onClick={props.onRetry}
              className="mt-1 inline-flex items-center gap-1 font-semibold underline underline-offset-2"
            >
              <RefreshCw aria-hidden="true" className="size-3.5" />
              Reintentar
            </button>
          )}
        </Alert>
      )}

      {status.kind === 'reserved' && <OwnReservationNote stay={stay} reservation={status.reservation} />}

      <MainButton
        status={status}
        reserveHref={props.reserveHref}
        onReserve={props.onReserve}
        onSelectDates={() => onOpenPickerChange(stay.checkIn ? 'salida' : 'llegada')}
      />

      {quote && (
        <>
          <p className="mt-3 text-center text-sm text-stone-500">Aún no se te cobrará nada</p>
          <Button variant="outline" size="lg" onClick={props.onRequest} className="mt-3 w-full rounded-xl">
            Solicitar reserva
          </Button>
          <PriceDetails quote={quote} />
        </>
      )}
    </div>
  )
}

/**
 * Spec §4, one figure per night everywhere: with a quote, the stay's average per night (whole pesos,
 * the figure of the results card and map) over its total; without one, the cabin's 'Desde' list price.
 */
function NightlyPrice({ cabin, quote }: { cabin: Cabin; quote: QuoteResponse | undefined }) {
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-1.5 text-stone-700">
        {!quote && <span>Desde</span>}
        <span className="text-2xl font-semibold tracking-tight text-stone-900">
          {`${formatMxn(quote ? quote.pricing.pricePerNight : cabin.precioCalculado.precioBaseFinal)} MXN`}
        </span>
        <span>por noche</span>
      </p>
      {quote && (
        <p className="mt-0.5 text-sm text-stone-500">
          {`Total ${formatMxn(quote.pricing.totalPrice)} MXN por ${pluralize(quote.nights, 'noche', 'noches')}, impuestos incluidos`}
        </p>
      )}
    </div>
  )
}

/** Instead of 'No disponible' for dates the guest's own reservation holds (back after paying, say). */
function OwnReservationNote({ stay, reservation }: { stay: Stay; reservation: OwnReservation }) {
  const isSameStay = stay.checkIn === reservation.checkIn && stay.checkOut === reservation.checkOut
  return (
    <Alert
      role="status"
      tone="success"
      className="mt-4"
      title={isSameStay ? 'Ya reservaste estas fechas' : 'Ya tienes una reserva en estas fechas'}
    >
      <p>{`Tu reserva: ${shortRangeName(reservation.checkIn, reservation.checkOut)}.`}</p>
    </Alert>
  )
}
