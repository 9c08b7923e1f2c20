import type { CheckoutSummary } from '@cabanas/domain/bookings'
import type { Cabin } from '@cabanas/domain/catalog'
import type { QuoteResponse } from '@cabanas/domain/quotes'
import type { CalendarDate } from '@cabanas/domain/shared'
import { useEffect, useEffectEvent, useState } from 'react'
import { Dialog } from '../../components/ui/dialog'
import { firstArrivalInMexico } from '../../lib/calendar-month'
import { cx } from '../../lib/cx'
import { useHydrated } from '../../lib/use-hydrated'
import { useMediaQuery } from '../../lib/use-media-query'
import { BookingBar } from './booking-bar'
import { BookingPanel, type OpenPicker } from './booking-panel'
import { saveCheckoutSummary, toCheckoutSummary } from './checkout-summary'
import type { OwnReservation, QuotedStay, Stay } from './stay'
import { type BookingStatus, useBookingQuote } from './use-booking-quote'
import { useCabinCalendar } from './use-cabin-calendar'

export type BookingWidgetProps = {
  cabin: Cabin
  /** The stay the page opened with (query string). */
  initialStay: Stay
  /** A stay was quoted and is available: the page keeps it in the address. */
  onQuoted: (stay: QuotedStay) => void
  /** The checkout's address for a quoted stay: 'Reservar' leads there, with JavaScript or without. */
  checkoutHref: (stay: QuotedStay) => string
  /** 'Reservar' once the page runs: the summary is already in session storage. */
  onReserve: (summary: CheckoutSummary) => void
  /**
   * The guest's own reservation of this cabin over these dates, if this browser made one: shown
   * instead of 'No disponible' when the dates are taken (back after paying, say).
   */
  findOwnReservation?: (dates: { checkIn: CalendarDate; checkOut: CalendarDate }) => OwnReservation | null
  /** 'Solicitar reserva' for the quoted stay. */
  onRequest: (stay: QuotedStay) => void
}

function quotedStayOf(quote: QuoteResponse): QuotedStay {
  return {
    checkIn: quote.checkIn,
    checkOut: quote.checkOut,
    guests: quote.guests,
    nights: quote.nights,
    totalPrice: quote.pricing.totalPrice,
  }
}

const PANEL_CARD =
  'sticky top-28 rounded-2xl border border-stone-200 bg-white p-6 shadow-[0_6px_24px_rgba(0,0,0,0.08)]'

/** Spec §2 and §4: a sticky card on wide screens; a bottom bar opening a sheet on small ones. */
export function BookingWidget({
  cabin,
  initialStay,
  onQuoted,
  checkoutHref,
  onReserve,
  findOwnReservation,
  onRequest,
}: BookingWidgetProps) {
  const isWide = useMediaQuery('(min-width: 1024px)')
  const isHydrated = useHydrated()
  // The first arrival on offer: today until 15:00 in Mexico City, then tomorrow.
  const [today] = useState(() => firstArrivalInMexico())
  const [stay, setStay] = useState(initialStay)
  const [openPicker, setOpenPicker] = useState<OpenPicker>(undefined)
  const [isSheetOpen, setSheetOpen] = useState(false)
  const calendar = useCabinCalendar(cabin._id)
  const quoted = useBookingQuote(cabin, stay, today)
  const quote = quoted.status.kind === 'available' ? quoted.status.quote : undefined
  const reserveHref = quote ? checkoutHref(quotedStayOf(quote)) : undefined
  // Dates taken by this browser's own reservation; local storage is read once the page has hydrated.
  const ownReservation =
    isHydrated &&
    quoted.status.kind === 'unavailable' &&
    quoted.status.reason === 'NOT_AVAILABLE' &&
    stay.checkIn &&
    stay.checkOut
      ? (findOwnReservation?.({ checkIn: stay.checkIn, checkOut: stay.checkOut }) ?? null)
      : null
  const status: BookingStatus = ownReservation
    ? { kind: 'reserved', reservation: ownReservation }
    : quoted.status

  const reportQuoted = useEffectEvent((quoted: QuoteResponse) => onQuoted(quotedStayOf(quoted)))
  useEffect(() => {
    if (quote) reportQuoted(quote)
  }, [quote])

  const reserve = () => {
    if (!quote) return
    const summary = toCheckoutSummary(cabin, quote)
    saveCheckoutSummary(summary)
    onReserve(summary)
  }
  const request = () => {
    if (!quote) return
    setSheetOpen(false)
    onRequest(quotedStayOf(quote))
  }

  const panel = (
    <BookingPanel
      cabin={cabin}
      stay={stay}
      status={status}
      today={today}
      bookedNights={calendar.bookedNights}
      minNights={calendar.minNights ?? cabin.rates.minNights}
      availabilityNote={
        calendar.isLoading
          ? 'Cargando las fechas ocupadas…'
          : calendar.isError
            ? 'No pudimos cargar las fechas ocupadas; las verificaremos al cotizar.'
            : undefined
      }
      calendarPlacement={isWide ? 'popover' : 'inline'}
      openPicker={openPicker}
      onOpenPickerChange={setOpenPicker}
      onPickArrival={(checkIn: CalendarDate) => {
        setStay({ ...stay, checkIn, checkOut: undefined })
        setOpenPicker('salida')
      }}
      onPickDeparture={(checkOut: CalendarDate) => {
        setStay({ ...stay, checkOut })
        setOpenPicker(undefined)
      }}
      onClearDates={() => {
        setStay({ ...stay, checkIn: undefined, checkOut: undefined })
        setOpenPicker('llegada')
      }}
      onGuestsChange={(guests) => setStay({ ...stay, guests })}
      reserveHref={reserveHref}
      onReserve={reserve}
      onRequest={request}
      onRetry={quoted.retry}
    />
  )

  const bar = (
    <BookingBar
      cabin={cabin}
      stay={stay}
      status={status}
      onOpen={() => setSheetOpen(true)}
      onSelectDates={() => {
        setSheetOpen(true)
        setOpenPicker(stay.checkIn ? 'salida' : 'llegada')
      }}
      reserveHref={reserveHref}
      onReserve={reserve}
    />
  )
  // The server cannot know the screen: it sends both, CSS shows the right one, and the first client
  // render (hydration) is the same; right after it, only the one that fits the screen stays. The tree
  // keeps its shape, so the wide card is not rebuilt when the bar goes.
  const showsCard = !isHydrated || isWide
  const showsBar = !isHydrated || !isWide
  return (
    <>
      {showsCard && (
        <aside aria-label="Reserva" className={cx(!isHydrated && 'hidden lg:block', PANEL_CARD)}>
          {panel}
        </aside>
      )}
      {showsBar && <div className="lg:hidden">{bar}</div>}
      <Dialog
        open={isSheetOpen && showsBar}
        onOpenChange={(open) => {
          setSheetOpen(open)
          if (!open) setOpenPicker(undefined)
        }}
        title="Reserva tu estancia"
        placement="sheet"
      >
        <div className="p-5">{panel}</div>
      </Dialog>
    </>
  )
}
