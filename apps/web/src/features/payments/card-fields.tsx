import { type CardInput, detectCardBrand } from '@cabanas/domain/payments'
import { useId } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { EmailInput, Field, Input } from '../../components/ui/field'
import { InputGroup } from '../../components/ui/form-input-group'
import { cx } from '../../lib/cx'
import { CardBrandLogo } from './card-brand-logo'
import { maskCardNumber, maskCvv, maskExpiryPart, maskHolderName, maskPhone } from './card-masks'

/**
 * Card number, holder, expiry and CVV, inside a react-hook-form whose values include the domain's
 * CardInput. The form is never posted: the card goes only to Openpay's token endpoint.
 */
export function CardFields() {
  const { register, control, formState } = useFormContext<CardInput>()
  const { errors } = formState
  const cardNumber = useWatch({ control, name: 'cardNumber' }) ?? ''
  const brand = detectCardBrand(cardNumber)

  return (
    <div className="grid grid-cols-5 gap-x-3 gap-y-4 sm:grid-cols-6 sm:gap-x-4">
      <Field
        label="Número de tarjeta"
        error={errors.cardNumber?.message}
        className="col-span-5 sm:col-span-6"
      >
        {(control) => (
          <InputGroup end={<CardBrandLogo brand={brand} className="h-7" />}>
            <Input
              {...control}
              {...register('cardNumber')}
              mask={maskCardNumber}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              className="pr-16 font-mono tracking-wide tabular-nums"
            />
          </InputGroup>
        )}
      </Field>
      <Field
        label="Nombre del titular"
        error={errors.holderName?.message}
        className="col-span-5 sm:col-span-6"
      >
        {(control) => (
          <Input
            {...control}
            {...register('holderName')}
            mask={maskHolderName}
            autoComplete="cc-name"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="COMO APARECE EN LA TARJETA"
            className="uppercase"
          />
        )}
      </Field>
      <ExpiryFields className="col-span-3" />
      <Field
        label="CVV"
        hint={brand === 'amex' ? '4 dígitos al frente' : '3 dígitos al reverso'}
        error={errors.cvv?.message}
        className="col-span-2 sm:col-span-3"
      >
        {(control) => (
          <Input
            {...control}
            {...register('cvv')}
            mask={maskCvv}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={brand === 'amex' ? '1234' : '123'}
          />
        )}
      </Field>
    </div>
  )
}

/** Month and year side by side under one legend, each with its own (hidden) label and error. */
function ExpiryFields({ className }: { className?: string }) {
  const { register, formState } = useFormContext<CardInput>()
  const { errors } = formState
  const id = useId()
  const month = { id: `${id}-month`, error: errors.expiryMonth?.message }
  const year = { id: `${id}-year`, error: errors.expiryYear?.message }
  const control = ({ id, error }: { id: string; error: string | undefined }) => ({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  })
  return (
    <fieldset className={cx('m-0 flex min-w-0 flex-col gap-1.5 border-0 p-0', className)}>
      <legend className="mb-1.5 p-0 text-sm font-medium text-stone-800">Vencimiento</legend>
      <div className="flex items-center gap-2">
        <label htmlFor={month.id} className="sr-only">
          Mes
        </label>
        <Input
          {...control(month)}
          {...register('expiryMonth')}
          mask={maskExpiryPart}
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder="MM"
          className="text-center"
        />
        <span aria-hidden="true" className="text-lg text-stone-400">
          /
        </span>
        <label htmlFor={year.id} className="sr-only">
          Año
        </label>
        <Input
          {...control(year)}
          {...register('expiryYear')}
          mask={maskExpiryPart}
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder="AA"
          className="text-center"
        />
      </div>
      {[month, year].map(
        ({ id, error }) =>
          error && (
            <p key={id} id={`${id}-error`} className="text-sm text-accent-700">
              {error}
            </p>
          ),
      )}
    </fieldset>
  )
}

/** Billing email and phone, part of the card data (spec §3). */
export function BillingFields() {
  const { register, formState } = useFormContext<CardInput>()
  const { errors } = formState
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Email de facturación" error={errors.email?.message}>
        {(control) => <EmailInput {...control} {...register('email')} spellCheck={false} />}
      </Field>
      <Field label="Teléfono de facturación" hint="10 dígitos" error={errors.phone?.message}>
        {(control) => (
          <InputGroup start={<span className="text-base">+52</span>}>
            <Input
              {...control}
              {...register('phone')}
              mask={maskPhone}
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
