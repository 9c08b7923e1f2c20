import { CircleCheck, Clock, LoaderCircle, Lock } from 'lucide-react'
import { cx } from '../../lib/cx'
import { formatMxn } from '../../lib/format'
import type { PaymentState } from './checkout-payment'

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
  const total = `${formatMxn(totalPrice)} MXN`
  const isRetry = payment.kind === 'failed' || (payment.kind === 'idle' && payment.hasFailed)
  const view =
    payment.kind === 'succeeded'
      ? { label: '¡Pago exitoso!', icon: <CircleCheck />, tone: 'success' }
      : payment.kind === 'processing'
        ? { label: 'Procesando pago...', icon: <LoaderCircle className="animate-spin" />, tone: 'busy' }
        : payment.kind === 'pending'
          ? { label: 'Pago en verificación', icon: <Clock />, tone: 'busy' }
          : hasValidationErrors
            ? { label: 'Corrige los errores para continuar', icon: null, tone: 'blocked' }
            : isRetry
              ? { label: `Intentar pago nuevamente - ${total}`, icon: <Lock />, tone: 'ready' }
              : { label: `Confirmar y pagar - ${total}`, icon: <Lock />, tone: 'ready' }
  const disabled = view.tone !== 'ready'

  return (
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
  )
}
