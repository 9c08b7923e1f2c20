import { LoaderCircle } from 'lucide-react'
import { Link } from 'react-router'
import { Button, buttonStyles } from '../../components/ui/button'
import { cx } from '../../lib/cx'
import type { BookingStatus } from './use-booking-quote'

/** Spec §4: the main button's words for each state; 'reserved' is the guest's own reservation. */
export const MAIN_BUTTON_LABEL: Record<BookingStatus['kind'], string> = {
  idle: 'Selecciona fechas',
  checking: 'Verificando...',
  available: 'Reservar',
  unavailable: 'No disponible',
  reserved: 'Ver mi reserva',
}

type MainButtonProps = {
  status: BookingStatus
  /** The checkout's address for the quoted stay: 'Reservar' goes there without JavaScript too. */
  reserveHref: string | undefined
  onReserve: () => void
  onSelectDates: () => void
  size?: 'md' | 'lg'
  className?: string
}

/** A GET form's action and hidden fields for an address: submitting it opens that very address. */
function formOf(href: string) {
  const url = new URL(href, 'https://cabanas.invalid')
  return { action: url.pathname, fields: [...url.searchParams] }
}

/**
 * 'Reservar', 'Verificando...', 'No disponible' or 'Selecciona fechas' (which opens the calendar).
 * 'Reservar' is the submit button of a GET form to the checkout, so it works as HTML: before the
 * app's code has run (a tap on the server's page) and without JavaScript. Once the page runs, the
 * form's submit is the app's own navigation (the summary goes along). The form is `display: contents`:
 * the button is laid out exactly as the other states' button.
 */
export function MainButton({
  status,
  reserveHref,
  onReserve,
  onSelectDates,
  size = 'lg',
  className = 'mt-4 w-full',
}: MainButtonProps) {
  const classes = cx('rounded-xl', className)
  if (status.kind === 'reserved') {
    return (
      <Link to={status.reservation.tripHref} className={buttonStyles({ size, className: classes })}>
        {MAIN_BUTTON_LABEL.reserved}
      </Link>
    )
  }
  if (status.kind === 'available' && reserveHref) {
    const { action, fields } = formOf(reserveHref)
    return (
      <form
        method="get"
        action={action}
        className="contents"
        onSubmit={(event) => {
          event.preventDefault()
          onReserve()
        }}
      >
        {fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" size={size} className={classes}>
          {MAIN_BUTTON_LABEL.available}
        </Button>
      </form>
    )
  }
  const onClick = status.kind === 'available' ? onReserve : status.kind === 'idle' ? onSelectDates : undefined
  return (
    <Button
      size={size}
      disabled={onClick === undefined}
      aria-busy={status.kind === 'checking' || undefined}
      onClick={onClick}
      className={classes}
    >
      {status.kind === 'checking' && <LoaderCircle aria-hidden="true" className="animate-spin" />}
      {MAIN_BUTTON_LABEL[status.kind]}
    </Button>
  )
}
