import type { CheckoutSummary } from '@cabanas/domain/bookings'
import { CalendarX2, SearchX, TriangleAlert } from 'lucide-react'
import { type ReactNode, useMemo } from 'react'
import { Link } from 'react-router'
import { Button, buttonStyles } from '../components/ui/button'
import { MessagePanel } from '../components/ui/message-panel'
import { PageSpinner } from '../components/ui/spinner'
import type { CheckoutStay } from '../features/bookings/checkout-stay'
import { useCabin } from '../features/catalog/use-cabin'
import { toCheckoutSummary } from '../features/quotes/checkout-summary'
import { quoteErrorMessage } from '../features/quotes/quote-error-message'
import { useQuote } from '../features/quotes/use-quote'
import { isApiError } from '../lib/api-client'
import { paths } from './paths'

type CheckoutFromAddressProps = {
  stay: CheckoutStay
  /** The checkout of the summary built here. */
  children: (summary: CheckoutSummary) => ReactNode
}

/**
 * A checkout opened from its address alone (a reload in another tab, or 'Reservar' tapped on the
 * cabin page's HTML before its code had run): the cabin and the quote of the stay make its summary,
 * as the cabin page would have. A stay the quote refuses leads back to the cabin with its dates.
 */
export function CheckoutFromAddress({ stay, children }: CheckoutFromAddressProps) {
  const cabin = useCabin(stay.cabinId)
  const quote = useQuote({
    habitacionId: stay.cabinId,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
  })
  // Built once per answer: the checkout's form and payment keep one summary.
  const summary = useMemo(
    () => (cabin.data && quote.data?.ok ? toCheckoutSummary(cabin.data, quote.data.quote) : null),
    [cabin.data, quote.data],
  )
  const cabinHref = paths.cabin(stay.cabinId, stay)

  if (summary) return children(summary)
  if (cabin.isError && isApiError(cabin.error) && cabin.error.status === 404) {
    return (
      <Panel icon={<SearchX />} title="La cabaña no fue encontrada">
        <Link to={paths.home()} className={buttonStyles({ size: 'lg' })}>
          Volver al inicio
        </Link>
      </Panel>
    )
  }
  if (cabin.isError || quote.isError) {
    return (
      <Panel icon={<TriangleAlert />} title="No pudimos preparar tu reserva" role="alert">
        <Button
          size="lg"
          onClick={() => {
            if (cabin.isError) void cabin.refetch()
            if (quote.isError) void quote.refetch()
          }}
        >
          Reintentar
        </Button>
      </Panel>
    )
  }
  if (quote.data && !quote.data.ok) {
    return (
      <Panel
        icon={<CalendarX2 />}
        title="No se puede reservar esta estancia"
        description={quoteErrorMessage(quote.data.error)}
        role="alert"
      >
        <Link to={cabinHref} className={buttonStyles({ size: 'lg' })}>
          Elegir otras fechas
        </Link>
      </Panel>
    )
  }
  return <PageSpinner label="Preparando tu reserva…" />
}

type PanelProps = {
  icon: ReactNode
  title: string
  description?: string
  role?: 'alert'
  children: ReactNode
}

function Panel({ icon, title, description, role, children }: PanelProps) {
  return (
    <div className="px-4 py-6">
      <title>Confirmar y pagar — Cabañas MX</title>
      <MessagePanel
        icon={icon}
        tone="error"
        title={title}
        description={description}
        role={role}
        headingLevel={1}
      >
        {children}
      </MessagePanel>
    </div>
  )
}
