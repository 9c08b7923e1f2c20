import type { CheckoutSummary, ConfirmationState } from '@cabanas/domain/bookings'
import { cancellationPolicyText, hasFreeCancellation } from '@cabanas/domain/catalog'
import { calendarDateIn } from '@cabanas/domain/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { BadgeCheck, Ban, ShieldCheck } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { FormProvider, type Resolver, useForm } from 'react-hook-form'
import { FormSection } from '../../components/ui/form-section'
import { cx } from '../../lib/cx'
import { readCheckoutDraft, saveCheckoutDraft } from './checkout-draft'
import { CheckoutFeedback } from './checkout-feedback'
import { CheckoutGuestFields } from './checkout-guest-fields'
import { type MadeReservation, type TokenizeCard, useCheckoutPayment } from './checkout-payment'
import type { CheckoutProfile } from './checkout-profile'
import type { BookingRequestLink } from './checkout-request'
import {
  type CheckoutFormValues,
  checkoutErrorList,
  checkoutFormSchema,
  checkoutMessages,
} from './checkout-rules'
import { CheckoutSubmitButton } from './checkout-submit-button'
import { CheckoutSuccessOverlay } from './checkout-success-overlay'

type CheckoutFormProps = {
  summary: CheckoutSummary
  profile: CheckoutProfile | null
  /** The form's id; Openpay puts its device session field in it. */
  formId: string
  /** The 'Método de pago' section: card and billing fields over this form's values. */
  paymentSection: ReactNode
  tokenizeCard: TokenizeCard
  /** Called as soon as the reservation exists (paid, or its payment being verified). */
  onReservationMade?: (reservation: MadeReservation) => void
  /** Called 2.5 s after a confirmed payment, with the confirmation state. */
  onPaid: (confirmation: ConfirmationState) => void
  /** Paying an accepted request to book (its pay link): its id and the link's secret. */
  bookingRequest?: BookingRequestLink | undefined
  className?: string
}

/** The card is checked against today in Mexico City, read when the form is submitted. */
const resolver: Resolver<CheckoutFormValues> = (values, context, options) =>
  zodResolver(checkoutFormSchema(calendarDateIn(new Date())))(values, context, options)

function defaultValues(profile: CheckoutProfile | null): CheckoutFormValues {
  const email = profile?.email ?? ''
  const phone = profile?.phone ?? ''
  return {
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    guestEmail: email,
    guestPhone: phone,
    cardNumber: '',
    holderName: '',
    expiryMonth: '',
    expiryYear: '',
    cvv: '',
    email,
    phone,
  }
}

/** Guest, payment and billing, the cabin's cancellation policy and the pay button (spec §2 checkout). */
export function CheckoutForm({
  summary,
  profile,
  formId,
  paymentSection,
  tokenizeCard,
  onReservationMade,
  onPaid,
  bookingRequest,
  className,
}: CheckoutFormProps) {
  // What this tab typed before a reload of the same stay's checkout wins over the profile.
  const [initialValues] = useState(() => ({ ...defaultValues(profile), ...readCheckoutDraft(summary) }))
  const form = useForm<CheckoutFormValues>({
    resolver,
    defaultValues: initialValues,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  })
  const {
    state: payment,
    pay,
    noteEdit,
  } = useCheckoutPayment({
    summary,
    profile,
    tokenizeCard,
    onReservationMade,
    onPaid,
    bookingRequest,
  })
  const errorList = checkoutErrorList(
    Object.fromEntries(
      Object.entries(form.formState.errors).map(([field, error]) => [field, error?.message]),
    ),
  )
  const hasValidationErrors = errorList.length > 0
  const isLocked = payment.kind === 'processing' || payment.kind === 'succeeded'

  // Spec §4: editing any field clears the errors on display. Each edit is kept for a reload.
  useEffect(() => {
    const subscription = form.watch((values, { type }) => {
      if (!type) return // Only edits by the user (setValue and resets have no event type).
      saveCheckoutDraft(summary, values)
      form.clearErrors()
      noteEdit()
    })
    return () => subscription.unsubscribe()
  }, [form, noteEdit, summary])

  // Spec §8: a payment that failed or waits for verification scrolls its alert into view. Invalid
  // fields are handled on submit instead: the first one on screen is scrolled to and focused.
  const alertRef = useRef<HTMLDivElement>(null)
  const paymentAlert =
    !hasValidationErrors && (payment.kind === 'failed' || payment.kind === 'pending') ? payment.kind : null
  useEffect(() => {
    if (!paymentAlert) return
    const alert = alertRef.current
    alert?.scrollIntoView?.({ behavior: 'smooth', block: 'center' })
    alert?.focus({ preventScroll: true })
  }, [paymentAlert])

  const formRef = useRef<HTMLFormElement>(null)
  const showFirstInvalidField = (errors: Partial<Record<string, unknown>>) => {
    const fields = Array.from(formRef.current?.elements ?? [])
    const first = fields.find(
      (element): element is HTMLInputElement =>
        element instanceof HTMLInputElement && element.name in errors && errors[element.name] !== undefined,
    )
    first?.scrollIntoView?.({ behavior: 'smooth', block: 'center' })
    first?.focus({ preventScroll: true })
  }
  const policyKey = summary.cancellationPolicy ?? 'non_refundable'
  const policy = cancellationPolicyText(policyKey, summary.checkIn)

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={form.handleSubmit(pay, showFirstInvalidField)}
        aria-label="Datos de la reserva y del pago"
        className={cx('flex min-w-0 flex-col gap-6', className)}
      >
        <fieldset disabled={isLocked} className="m-0 flex min-w-0 flex-col gap-6 border-0 p-0">
          <FormSection title="Información del huésped" description="¿Quién se hospedará en la cabaña?">
            <CheckoutGuestFields
              fromProfile={Boolean(
                profile && (profile.firstName || profile.lastName || profile.email || profile.phone),
              )}
            />
          </FormSection>
          {paymentSection}
        </fieldset>

        <FormSection title="Política de cancelación">
          <p className="flex gap-3 text-sm leading-relaxed text-stone-700">
            {hasFreeCancellation(policyKey) ? (
              <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            ) : (
              <Ban aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
            )}
            <span>
              <strong className="font-semibold text-stone-900">{policy.deadline ?? policy.label}.</strong>{' '}
              {policy.summary}
            </span>
          </p>
        </FormSection>

        <CheckoutFeedback
          ref={alertRef}
          payment={payment}
          validationErrors={errorList}
          validationTitle={checkoutMessages.errorsTitle}
        />

        <div className="flex flex-col gap-3">
          <CheckoutSubmitButton
            payment={payment}
            hasValidationErrors={hasValidationErrors}
            totalPrice={summary.pricing.totalPrice}
            form={formId}
          />
          <p className="text-center text-xs leading-relaxed text-pretty text-stone-500">
            <ShieldCheck aria-hidden="true" className="mr-1 inline size-4 align-[-3px] text-brand-600" />
            Pago seguro con Openpay. Los datos de tu tarjeta se envían cifrados y no los guardamos.
          </p>
        </div>
      </form>
      {payment.kind === 'succeeded' && <CheckoutSuccessOverlay />}
    </FormProvider>
  )
}
