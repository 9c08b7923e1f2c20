import type { Ref } from 'react'
import { Alert } from '../../components/ui/alert'
import { checkoutErrorTexts } from './checkout-errors'
import type { PaymentState } from './checkout-payment'

type CheckoutFeedbackProps = {
  payment: PaymentState
  /** Spec §5: every submit error, listed together. */
  validationErrors: string[]
  validationTitle: string
  ref?: Ref<HTMLDivElement>
}

function MessageList({ messages }: { messages: string[] }) {
  if (messages.length === 1) return <p>{messages[0]}</p>
  return (
    <ul className="list-disc space-y-1 pl-5">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  )
}

/** The one alert the checkout shows above its button: invalid data, a failed or a pending payment. */
export function CheckoutFeedback({ payment, validationErrors, validationTitle, ref }: CheckoutFeedbackProps) {
  if (validationErrors.length > 0) {
    return (
      <Alert ref={ref} tone="error" role="alert" focusable title={validationTitle}>
        <ul className="list-disc space-y-1 pl-5">
          {validationErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </Alert>
    )
  }
  if (payment.kind === 'failed') {
    return (
      <Alert ref={ref} tone="error" role="alert" focusable title={checkoutErrorTexts.title}>
        <MessageList messages={payment.messages} />
        <p className="mt-2 text-red-800">{checkoutErrorTexts.retryHint}</p>
      </Alert>
    )
  }
  if (payment.kind === 'unavailable') {
    return (
      <Alert ref={ref} tone="error" role="alert" focusable title={checkoutErrorTexts.datesTakenTitle}>
        <p>{payment.message}</p>
      </Alert>
    )
  }
  if (payment.kind === 'pending') {
    return (
      <Alert ref={ref} tone="warning" role="status" focusable title="Pago en verificación">
        <p>{payment.message}</p>
        <p className="mt-2">
          ID de Reserva: <span className="font-mono font-semibold break-all">{payment.reservationId}</span>
        </p>
        <p className="mt-2">En la página de tu reserva verás el resultado en cuanto el banco responda.</p>
      </Alert>
    )
  }
  return null
}
