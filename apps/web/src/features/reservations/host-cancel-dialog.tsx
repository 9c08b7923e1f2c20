import {
  HostCancelFormSchema,
  type HostCancelRequest,
  type HostReservationDetail,
} from '@cabanas/domain/reservations'
import { zodResolver } from '@hookform/resolvers/zod'
import { CalendarX2, LoaderCircle } from 'lucide-react'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { Field, inputStyles } from '../../components/ui/field'
import { StaleHold } from '../../components/ui/stale-notice'
import { isApiError } from '../../lib/api-client'
import { formatMxn } from '../../lib/format'

const danger =
  'inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold whitespace-nowrap transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0'
const dangerSolid = `${danger} bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800`
const dangerOutline = `${danger} border border-red-300 bg-white text-red-700 hover:border-red-400 hover:bg-red-50`

const FORM_ID = 'cancelar-reserva-anfitrion'

/** The server's Spanish refusal when it gave one; else a generic line. */
function cancelErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status > 0 && error.status < 500) {
    const body = error.body as { error?: unknown } | undefined
    if (typeof body?.error === 'string' && body.error.trim()) return body.error
  }
  return 'No se pudo cancelar la reserva. Revisa tu conexión e intenta de nuevo.'
}

/**
 * The host's 'Cancelar reserva' and its confirmation: before anything happens it says that the guest
 * gets everything back, that the nights stay blocked and that it counts on the host's record. The
 * reason is optional. A second click while sending is ignored (the API would refuse it anyway).
 */
export function HostCancelDialog({
  reservation,
  onConfirm,
  held = false,
}: {
  reservation: HostReservationDetail
  onConfirm: (body: HostCancelRequest) => Promise<unknown>
  /** The reservation on screen may be out of date: no cancellation until a refresh succeeds. */
  held?: boolean
}) {
  const [open, setOpen] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const isSending = useRef(false)
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<HostCancelRequest>({
    resolver: zodResolver(HostCancelFormSchema),
    defaultValues: { reason: '' },
  })

  const changeOpen = (next: boolean) => {
    if (isSubmitting) return
    setOpen(next)
    if (!next) {
      reset()
      setFailure(null)
    }
  }

  const submit = handleSubmit(async (body) => {
    if (isSending.current) return
    isSending.current = true
    setFailure(null)
    try {
      await onConfirm(body.reason ? { reason: body.reason } : {})
      setOpen(false)
    } catch (error) {
      setFailure(cancelErrorMessage(error))
    } finally {
      isSending.current = false
    }
  })

  return (
    <>
      <button type="button" className={dangerOutline} disabled={held} onClick={() => changeOpen(true)}>
        <CalendarX2 aria-hidden="true" />
        Cancelar reserva
      </button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title="¿Cancelar esta reserva?"
        placement="sheet"
        footer={
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => changeOpen(false)} disabled={isSubmitting}>
              Mantener reserva
            </Button>
            <button type="submit" form={FORM_ID} className={dangerSolid} disabled={isSubmitting || held}>
              {isSubmitting && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              {isSubmitting ? 'Cancelando…' : 'Sí, cancelar reserva'}
            </button>
          </div>
        }
      >
        <form id={FORM_ID} noValidate onSubmit={submit} className="flex flex-col gap-4 px-5 py-5 sm:px-6">
          <ul className="list-disc space-y-2 pl-5 text-sm text-stone-700">
            <li>
              {reservation.guestFirstName} recibirá el reembolso completo:{' '}
              <strong className="font-semibold text-stone-900">{formatMxn(reservation.totalPrice)}</strong>.
            </li>
            <li>Las noches quedan bloqueadas en tu calendario; no se podrán reservar.</li>
            <li>La cancelación cuenta en tu historial de anfitrión.</li>
          </ul>
          <Field
            label="Motivo (opcional)"
            hint="Solo lo ven tú y el equipo de Cabañas MX."
            error={errors.reason?.message}
          >
            {(field) => (
              <textarea
                {...field}
                {...register('reason')}
                rows={3}
                maxLength={600}
                className={inputStyles({ invalid: Boolean(errors.reason), className: 'h-auto py-2' })}
              />
            )}
          </Field>
          {held && <StaleHold />}
          {failure && <Alert tone="error" role="alert" title={failure} />}
        </form>
      </Dialog>
    </>
  )
}
