import { ArrowLeft, CircleCheck, LoaderCircle, Lock, TicketCheck } from 'lucide-react'
import { Link } from 'react-router'
import { cx } from '../../lib/cx'
import { formatMxn } from '../../lib/format'
import { useCheckoutLinks } from './checkout-links'
import type { PaymentState } from './checkout-payment'
import { checkoutSuccessTexts } from './checkout-texts'

type CheckoutSubmitButtonProps = {
  payment: PaymentState
  hasValidationErrors: boolean
  totalPrice: number
  form: string
}

/** Spec §4 checkout form states, as the submit button shows them. */
export function CheckoutSubmitButton({
  payment,
  hasValidationErrors,
  totalPrice,
  form,
}: CheckoutSubmitButtonProps) {
  // Dead ends get a way out instead of a button that cannot help.
  if (payment.kind === 'pending' || payment.kind === 'unavailable')
    return <CheckoutWayOut payment={payment} />
  const total = `${formatMxn(totalPrice)} MXN`
  const isRetry = payment.kind === 'failed' || (payment.kind === 'idle' && payment.hasFailed)
  const view =
    payment.kind === 'succeeded'
      ? { label: checkoutSuccessTexts.title, icon: <CircleCheck />, tone: 'success' }
      : payment.kind === 'processing'
        ? { label: 'Procesando pago...', icon: <LoaderCircle className="animate-spin" />, tone: 'busy' }
        : hasValidationErrors
          ? { label: 'Corrige los errores para continuar', icon: null, tone: 'blocked' }
          : isRetry
            ? { label: `Intentar pago nuevamente - ${total}`, icon: <Lock />, tone: 'ready' }
            : { label: `Confirmar y pagar - ${total}`, icon: <Lock />, tone: 'ready' }
  const disabled = view.tone !== 'ready'

  return (
    <>
      <button
        type="submit"
        form={form}
        disabled={disabled}
        aria-busy={payment.kind === 'processing' || undefined}
        className={cx(
          'flex min-h-14 w-full items-center justify-center gap-2 rounded-xl px-5 py-3 text-base font-semibold text-balance shadow-sm transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&_svg]:size-5 [&_svg]:shrink-0',
          view.tone === 'success' && 'bg-emerald-600 text-white',
          view.tone === 'busy' && 'cursor-progress bg-brand-700/80 text-white',
          view.tone === 'blocked' && 'cursor-not-allowed bg-stone-200 text-stone-500 shadow-none',
          view.tone === 'ready' && 'bg-accent-600 text-white hover:bg-accent-700 active:bg-accent-800',
        )}
      >
        {view.icon && <span aria-hidden="true">{view.icon}</span>}
        {view.label}
      </button>
      {/* The disabled button's new name is not read aloud: a screen reader hears here that the payment is
          on its way, then that it went through (a region present before it speaks: one that mounts with
          its text, like the success overlay, may be announced late or not at all; the alerts speak for
          themselves). */}
      <p role="status" className="sr-only">
        {payment.kind === 'processing'
          ? view.label
          : payment.kind === 'succeeded'
            ? `${checkoutSuccessTexts.title} ${checkoutSuccessTexts.text}`
            : ''}
      </p>
    </>
  )
}

const wayOutStyles =
  'flex min-h-14 w-full items-center justify-center gap-2 rounded-xl px-5 py-3 text-base font-semibold text-balance shadow-sm transition-colors ' +
  'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&_svg]:size-5 [&_svg]:shrink-0'

/**
 * In place of the pay button when paying again cannot help: after a 202, the trip page (where the
 * outcome will show); when the dates were taken, back to the cabin to choose others.
 */
function CheckoutWayOut({
  payment,
}: {
  payment: Extract<PaymentState, { kind: 'pending' } | { kind: 'unavailable' }>
}) {
  const links = useCheckoutLinks()
  if (payment.kind === 'pending') {
    return (
      <Link to={links.trip(payment.reservationId, payment.accessToken)} className={wayOutStyles}>
        <TicketCheck aria-hidden="true" />
        Ver mi reserva
      </Link>
    )
  }
  return (
    <Link to={links.cabin} className={wayOutStyles}>
      <ArrowLeft aria-hidden="true" />
      Volver a la cabaña
    </Link>
  )
}
