import { type TripLinkRequest, TripLinkRequestSchema } from '@cabanas/domain/reservations'
import { zodResolver } from '@hookform/resolvers/zod'
import { Send } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { EmailInput, Field } from '../../components/ui/field'
import { isApiError } from '../../lib/api-client'
import { requestTripLink } from './trip.api'

/**
 * "¿No encuentras el correo?": a new link to this reservation, mailed to the address it was booked
 * with. The server answers the same whether the address matches or not, and this form says only that.
 */
export function TripLinkForm({ reservationId }: { reservationId: string }) {
  const [sentMessage, setSentMessage] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TripLinkRequest>({
    resolver: zodResolver(TripLinkRequestSchema),
    defaultValues: { email: '' },
  })

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null)
    try {
      setSentMessage(await requestTripLink(reservationId, values))
    } catch (error) {
      // A refusal (too many requests) carries its Spanish message; anything else gets ours.
      const answered = isApiError(error) && error.status >= 400 && error.status < 500
      setFailure(answered ? error.message : 'No pudimos enviar tu solicitud. Intenta de nuevo.')
    }
  })

  return (
    <section
      aria-labelledby="trip-link-title"
      className="mx-auto mb-12 w-[calc(100%-2rem)] max-w-md rounded-2xl border border-stone-200 bg-white p-5 sm:mb-16 sm:p-6"
    >
      <h2 id="trip-link-title" className="font-semibold text-stone-900">
        ¿No encuentras el correo?
      </h2>
      {sentMessage ? (
        <Alert tone="success" role="status" title="Revisa tu correo" className="mt-3">
          {sentMessage} Si no lo ves, revisa también la carpeta de spam.
        </Alert>
      ) : (
        <>
          <p className="mt-1 text-sm text-stone-600">
            Escribe el correo con el que reservaste y te enviaremos un enlace nuevo para abrir esta reserva.
          </p>
          <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-3">
            {failure && (
              <Alert tone="error" role="alert">
                {failure}
              </Alert>
            )}
            <Field label="Correo de la reserva" error={errors.email?.message}>
              {(control) => <EmailInput {...control} {...register('email')} />}
            </Field>
            <BusyButton
              type="submit"
              variant="outline"
              className="w-full"
              busy={isSubmitting}
              icon={<Send aria-hidden="true" />}
              busyLabel="Enviando..."
            >
              Enviarme el enlace
            </BusyButton>
          </form>
        </>
      )}
    </section>
  )
}
