import { UserRoundCheck } from 'lucide-react'
import { useFormContext } from 'react-hook-form'
import { EmailInput, Field, Input } from '../../components/ui/field'
import { InputGroup } from '../../components/ui/form-input-group'
import type { CheckoutFormValues } from './checkout-rules'

const digitsOfPhone = (value: string) => value.replace(/\D/g, '').slice(0, 10)

/** First and last name, email and phone of the guest who will stay. */
export function CheckoutGuestFields({ fromProfile }: { fromProfile: boolean }) {
  const { register, formState } = useFormContext<CheckoutFormValues>()
  const { errors } = formState
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fromProfile && (
        <p className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800 sm:col-span-2">
          <UserRoundCheck aria-hidden="true" className="size-4 shrink-0" />
          Datos cargados automáticamente desde tu perfil
        </p>
      )}
      <Field label="Nombre" error={errors.firstName?.message}>
        {(control) => (
          <Input {...control} {...register('firstName')} autoComplete="given-name" placeholder="Ana" />
        )}
      </Field>
      <Field label="Apellido" error={errors.lastName?.message}>
        {(control) => (
          <Input {...control} {...register('lastName')} autoComplete="family-name" placeholder="López" />
        )}
      </Field>
      <Field label="Email" error={errors.guestEmail?.message}>
        {(control) => <EmailInput {...control} {...register('guestEmail')} spellCheck={false} />}
      </Field>
      <Field label="Teléfono" hint="10 dígitos" error={errors.guestPhone?.message}>
        {(control) => (
          <InputGroup start={<span className="text-base">+52</span>}>
            <Input
              {...control}
              {...register('guestPhone')}
              mask={digitsOfPhone}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="5512345678"
              className="pl-13"
            />
          </InputGroup>
        )}
      </Field>
    </div>
  )
}
