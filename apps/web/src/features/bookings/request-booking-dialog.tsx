import {
  type BookingRequestForm,
  bookingRequestMessages,
  type ConfirmationState,
} from '@cabanas/domain/bookings'
import { type Cabin, cabinPlace } from '@cabanas/domain/catalog'
import { quoteMessages } from '@cabanas/domain/quotes'
import { useMutation } from '@tanstack/react-query'
import { LoaderCircle } from 'lucide-react'
import { useId } from 'react'
import { toast } from 'sonner'
import { Alert } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Dialog } from '../../components/ui/dialog'
import { IMAGE_PLACEHOLDER } from '../../components/ui/image-placeholder'
import { isApiError } from '../../lib/api-client'
import { formatLongDate, formatMxn, pluralize } from '../../lib/format'
import { requestBooking } from './request-booking.api'
import { RequestBookingForm } from './request-booking-form'

/** Spec §9: how long 'Confirmando reserva...' shows, at least. */
export const REQUEST_CONFIRMATION_DELAY_MS = 1500

/** The quoted stay the guest asks the host for. */
export type RequestedStay = {
  checkIn: string
  checkOut: string
  nights: number
  guests: number
  totalPrice: number
}

type RequestBookingDialogProps = {
  cabin: Cabin
  /** The stay to request; the dialog is open while there is one. */
  stay: RequestedStay | null
  onClose: () => void
  /** The request is stored: the page shows its confirmation. */
  onRequested: (confirmation: Extract<ConfirmationState, { kind: 'request' }>) => void
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function failureMessage(error: unknown): string {
  if (isApiError(error) && error.status !== 0) return error.message
  return quoteMessages.connection
}

/**
 * 'Solicitar reserva' (spec §2): the stay, a form and 'Confirmar y solicitar reserva'. Unlike a
 * reservation it is only a request: it waits for the host, holds no dates and charges nothing.
 */
export function RequestBookingDialog({ cabin, stay, onClose, onRequested }: RequestBookingDialogProps) {
  const formId = useId()
  const mutation = useMutation({
    mutationFn: async (form: BookingRequestForm & RequestedStay) => {
      const [response] = await Promise.all([
        requestBooking({
          cabinId: cabin._id,
          checkIn: form.checkIn,
          checkOut: form.checkOut,
          guests: form.guests,
          fullName: form.fullName,
          email: form.email,
          phone: form.phone,
        }),
        wait(REQUEST_CONFIRMATION_DELAY_MS),
      ])
      return response.data
    },
  })

  const submit = (form: BookingRequestForm) => {
    if (!stay) return
    const toastId = toast.loading(bookingRequestMessages.loading)
    mutation.mutate(
      { ...stay, ...form },
      {
        onSuccess: (request) => {
          toast.dismiss(toastId)
          onRequested({
            kind: 'request',
            requestId: request.requestId,
            cabinId: request.cabinId,
            cabinName: request.cabinName,
            cabinImage: cabin.images[0]?.preview ?? IMAGE_PLACEHOLDER,
            location: cabinPlace(cabin.location),
            checkIn: request.checkIn,
            checkOut: request.checkOut,
            nights: request.nights,
            guests: request.guests,
            totalPrice: request.totalPrice,
            fullName: request.fullName,
            email: request.email,
            phone: request.phone,
          })
        },
        onError: (error) => toast.error(failureMessage(error), { id: toastId }),
      },
    )
  }

  return (
    <Dialog
      open={stay !== null}
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) {
          mutation.reset()
          onClose()
        }
      }}
      title="Solicitar reserva"
      placement="sheet"
      footer={
        <Button
          type="submit"
          form={formId}
          size="lg"
          disabled={mutation.isPending}
          className="w-full rounded-xl"
        >
          {mutation.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Confirmar y solicitar reserva
        </Button>
      }
    >
      {stay && (
        <div className="space-y-5 px-5 py-5 sm:px-6">
          <Alert tone="info">{bookingRequestMessages.notice}</Alert>

          <div className="rounded-xl border border-stone-200 p-4">
            <p className="font-semibold text-stone-900">{cabin.propertyDetails.name}</p>
            <p className="text-sm text-stone-500">{cabinPlace(cabin.location)}</p>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">Llegada</dt>
                <dd className="text-right text-stone-900">{formatLongDate(stay.checkIn)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">Salida</dt>
                <dd className="text-right text-stone-900">{formatLongDate(stay.checkOut)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-stone-600">Estancia</dt>
                <dd className="text-right text-stone-900">{pluralize(stay.nights, 'noche', 'noches')}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-stone-200 pt-2 text-base font-semibold">
                <dt className="text-stone-900">Total</dt>
                <dd className="text-stone-900">{`${formatMxn(stay.totalPrice)} MXN`}</dd>
              </div>
            </dl>
          </div>

          {mutation.isError && (
            <Alert role="alert" tone="error">
              {failureMessage(mutation.error)}
            </Alert>
          )}

          <RequestBookingForm
            id={formId}
            occupancy={cabin.propertyDetails}
            defaultGuests={stay.guests}
            isSubmitting={mutation.isPending}
            onSubmit={submit}
          />
        </div>
      )}
    </Dialog>
  )
}
