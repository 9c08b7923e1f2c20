import {
  type BookingRequestForm,
  BookingRequestFormSchema,
  bookingRequestMessages,
  clampGuests,
} from '@cabanas/domain/bookings'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Field, Input } from '../../components/ui/field'

export type Occupancy = { minOccupancy: number; maxOccupancy: number }

type RequestBookingFormProps = {
  id: string
  occupancy: Occupancy
  defaultGuests: number
  isSubmitting: boolean
  onSubmit: (form: BookingRequestForm) => void
}

/** Spec §5: the dialog's form, guests bounded by the cabin's occupancy. */
function formSchemaFor({ minOccupancy, maxOccupancy }: Occupancy) {
  return BookingRequestFormSchema.extend({
    guests: z.coerce
      .number({ error: bookingRequestMessages.minGuests(minOccupancy) })
      .int(bookingRequestMessages.minGuests(minOccupancy))
      .min(minOccupancy, bookingRequestMessages.minGuests(minOccupancy))
      .max(maxOccupancy, bookingRequestMessages.maxGuests(maxOccupancy)),
  })
}

type FormValues = z.input<ReturnType<typeof formSchemaFor>>

/** Full name, email, phone and guests; the guest count is clamped to the occupancy when the field is left. */
export function RequestBookingForm({
  id,
  occupancy,
  defaultGuests,
  isSubmitting,
  onSubmit,
}: RequestBookingFormProps) {
  const form = useForm<FormValues, unknown, BookingRequestForm>({
    resolver: zodResolver(formSchemaFor(occupancy)),
    mode: 'onTouched',
    defaultValues: { fullName: '', email: '', phone: '', guests: clampGuests(defaultGuests, occupancy) },
  })
  const { errors } = form.formState
  const guestsField = form.register('guests')

  return (
    <form id={id} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      <Field label="Nombre completo" error={errors.fullName?.message}>
        {(control) => (
          <Input {...control} {...form.register('fullName')} autoComplete="name" disabled={isSubmitting} />
        )}
      </Field>
      <Field label="Correo electrónico" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            {...form.register('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            disabled={isSubmitting}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <Field label="Teléfono" error={errors.phone?.message}>
          {(control) => (
            <Input
              {...control}
              {...form.register('phone')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+52 55 1234 5678"
              disabled={isSubmitting}
            />
          )}
        </Field>
        <Field label="Huéspedes" error={errors.guests?.message}>
          {(control) => (
            <Input
              {...control}
              {...guestsField}
              type="number"
              inputMode="numeric"
              min={occupancy.minOccupancy}
              max={occupancy.maxOccupancy}
              step={1}
              disabled={isSubmitting}
              onBlur={(event) => {
                // Spec §5: the guest count is brought back into the occupancy range.
                const raw = event.currentTarget.value
                if (raw !== '') {
                  form.setValue('guests', clampGuests(Number(raw), occupancy), { shouldValidate: true })
                }
                void guestsField.onBlur(event)
              }}
            />
          )}
        </Field>
      </div>
    </form>
  )
}
