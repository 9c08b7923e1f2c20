import { type CalendarFeedBody, CalendarFeedBodySchema } from '@cabanas/domain/calendar'
import { zodResolver } from '@hookform/resolvers/zod'
import { Plus } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Alert } from '../../components/ui/alert'
import { BusyButton } from '../../components/ui/busy-button'
import { Field, Input } from '../../components/ui/field'

/**
 * 'Agregar calendario': a name ('Airbnb') and the address the other platform gives for this cabin's
 * calendar, checked with the domain's schema before sending. `onAdd` throws the server's refusal, shown
 * as `failure`.
 */
export function CalendarFeedForm({
  onAdd,
  failure,
}: {
  onAdd: (body: CalendarFeedBody) => Promise<unknown>
  failure: string | null
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CalendarFeedBody>({
    resolver: zodResolver(CalendarFeedBodySchema),
    defaultValues: { name: '', url: '' },
  })
  const onSubmit = handleSubmit(async (values) => {
    try {
      await onAdd(values)
      reset()
    } catch {
      // The refusal is shown by the parent (failure).
    }
  })
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Agregar calendario">
      {failure && (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      )}
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <Field label="Nombre" error={errors.name?.message}>
          {(control) => <Input {...control} {...register('name')} placeholder="Airbnb" autoComplete="off" />}
        </Field>
        <Field label="Dirección del calendario (iCal)" error={errors.url?.message}>
          {(control) => (
            <Input
              {...control}
              {...register('url')}
              type="url"
              inputMode="url"
              placeholder="https://www.airbnb.mx/calendar/ical/…"
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <BusyButton
        type="submit"
        variant="outline"
        className="self-start"
        busy={isSubmitting}
        icon={<Plus aria-hidden="true" />}
      >
        Agregar calendario
      </BusyButton>
    </form>
  )
}
