import { cancellationPolicyText } from '@cabanas/domain/catalog'
import type { ReservationDetails } from '@cabanas/domain/reservations'
import { CalendarX2, LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { StaleHold } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { formatLongDate, formatMxn } from '../../lib/format'

const danger =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold whitespace-nowrap transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0'
const dangerSolid = `${danger} bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800`
const dangerOutline = `${danger} border border-red-300 bg-white text-red-700 hover:border-red-400 hover:bg-red-50`

type CancelTripDialogProps = {
  reservation: ReservationDetails
  /** Sends the cancellation; resolves once the server answered. */
  onConfirm: () => Promise<unknown>
  /** The trip on screen may be out of date: no cancellation until a refresh succeeds. */
  held?: boolean
}

/** What went wrong, in the server's words when it gave some (e.g. 'Esta reserva ya no se puede cancelar'). */
function cancelErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status > 0 && error.status < 500) {
    const body = error.body as { error?: unknown } | undefined
    if (typeof body?.error === 'string' && body.error.trim()) return body.error
  }
  return 'No se pudo cancelar la reserva. Revisa tu conexión e intenta de nuevo.'
}

/**
 * 'Cancelar reserva' and its confirmation: the dialog says, in plain Spanish, what cancelling does
 * under the cabin's policy (the stay is cancelled, the dates are freed, and whether anything is
 * refunded) before anything happens.
 */
export function CancelTripDialog({ reservation, onConfirm, held = false }: CancelTripDialogProps) {
  const [open, setOpen] = useState(false)
  const [state, setState] = useState<{ kind: 'idle' | 'sending' } | { kind: 'failed'; message: string }>({
    kind: 'idle',
  })
  const policy = cancellationPolicyText(reservation.cancellationPolicy, reservation.arrivalDate)
  const isPaid = reservation.paymentStatus === 'PAID'
  const total = `${formatMxn(reservation.total)} ${reservation.currency}`
  // What cancelling now gives back, as the server computed it when the page loaded (its answer to
  // the cancellation is what counts, and says so).
  const { refund } = reservation.cancellation

  function changeOpen(next: boolean) {
    if (state.kind === 'sending') return
    setOpen(next)
    if (!next) setState({ kind: 'idle' })
  }

  async function confirm() {
    setState({ kind: 'sending' })
    try {
      await onConfirm()
      setOpen(false)
      setState({ kind: 'idle' })
    } catch (error) {
      setState({ kind: 'failed', message: cancelErrorMessage(error) })
    }
  }

  return (
    <>
      <button type="button" className={dangerOutline} disabled={held} onClick={() => changeOpen(true)}>
        <CalendarX2 aria-hidden="true" />
        Cancelar reserva
      </button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title="Cancelar reserva"
        placement="sheet"
        footer={
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => changeOpen(false)} disabled={state.kind === 'sending'}>
              Mantener reserva
            </Button>
            <button
              type="button"
              className={dangerSolid}
              onClick={confirm}
              disabled={state.kind === 'sending' || held}
            >
              {state.kind === 'sending' && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {state.kind === 'sending' ? 'Cancelando…' : 'Sí, cancelar reserva'}
            </button>
          </div>
        }
      >
        <div className="space-y-4 px-5 py-5 text-sm leading-relaxed text-stone-700 sm:px-6">
          {held && <StaleHold />}
          <p className="text-base text-stone-900">
            ¿Quieres cancelar tu estancia en{' '}
            <strong className="font-semibold">{reservation.resourceName}</strong> del{' '}
            {formatLongDate(reservation.arrivalDate)} al {formatLongDate(reservation.departureDate)}?
          </p>
          <div className="rounded-xl bg-stone-100 p-4">
            <p className="font-semibold text-stone-900">{policy.deadline ?? policy.label}</p>
            <p className="mt-1">{policy.summary}</p>
          </div>
          <ul className="list-disc space-y-1.5 pl-5">
            <li>La reserva quedará cancelada y las fechas se liberarán de inmediato para otros huéspedes.</li>
            {isPaid && refund === 0 && !policy.deadline && (
              <li>No se reembolsa ningún monto: el pago de {total} no se devuelve.</li>
            )}
            {isPaid && refund === 0 && policy.deadline && (
              <li>El plazo de cancelación gratuita ya terminó: el pago de {total} no se reembolsa.</li>
            )}
            {isPaid && refund > 0 && refund >= reservation.total && (
              <li>Te reembolsaremos {total} a la tarjeta con la que pagaste.</li>
            )}
            {isPaid && refund > 0 && refund < reservation.total && (
              <li>
                Te reembolsaremos {formatMxn(refund)} {reservation.currency} de los {total} pagados.
              </li>
            )}
            <li>Te enviaremos la confirmación de la cancelación por correo.</li>
            <li>Esta acción no se puede deshacer.</li>
          </ul>
          {state.kind === 'failed' && (
            <Alert tone="error" role="alert">
              {state.message}
            </Alert>
          )}
        </div>
      </Dialog>
    </>
  )
}
