import type { ChargeRequest, CheckoutSummary, ConfirmationState } from '@cabanas/domain/bookings'
import { isChargeConfirmed } from '@cabanas/domain/bookings'
import type { CardInput } from '@cabanas/domain/payments'
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import { chargeReservation, newIdempotencyKey } from './checkout-charge.api'
import { clearCheckoutDraft } from './checkout-draft'
import {
  checkoutErrorMessages,
  checkoutErrorTexts,
  isChargeOutcomeUnknown,
  isDatesTaken,
} from './checkout-errors'
import type { CheckoutProfile } from './checkout-profile'
import { type BookingRequestLink, buildChargeRequest, toConfirmationState } from './checkout-request'
import type { CheckoutFormValues } from './checkout-rules'
import { clearCheckoutSummary } from './checkout-summary'

/** Spec §9: the success overlay stays 2.5 s before the confirmation page. */
export const SUCCESS_REDIRECT_MS = 2500

/** Card → single-use token and device session id (Openpay.js, provided by the page). */
export type TokenizeCard = (card: CardInput) => Promise<{ tokenId: string; deviceSessionId: string }>

/** Spec §4 checkout form states (validation errors live in the form itself). */
export type PaymentState =
  | { kind: 'idle'; hasFailed: boolean }
  | { kind: 'processing' }
  | { kind: 'failed'; messages: string[] }
  /** 202: the bank has not answered yet; paying again would not help. The trip page will tell. */
  | { kind: 'pending'; message: string; reservationId: string; accessToken: string | undefined }
  /** 409 NOT_AVAILABLE: someone else took the dates; nothing was charged and retrying cannot help. */
  | { kind: 'unavailable'; message: string }
  | { kind: 'succeeded' }

/** A request whose outcome is unknown: retried as is, with the same key, until a field changes. */
type UnsettledCharge = { request: ChargeRequest; idempotencyKey: string }

/** A reservation the charge created: the trip page's id and secret, and the stay it holds. */
export type MadeReservation = {
  reservationId: string
  accessToken: string | undefined
  cabinId: string
  checkIn: string
  checkOut: string
}

type CheckoutPaymentOptions = {
  summary: CheckoutSummary
  profile: CheckoutProfile | null
  tokenizeCard: TokenizeCard
  /** As soon as the reservation exists: paid, or its payment being verified (202). */
  onReservationMade?: ((reservation: MadeReservation) => void) | undefined
  /** Called SUCCESS_REDIRECT_MS after a confirmed charge. */
  onPaid: (confirmation: ConfirmationState) => void
  bookingRequest?: BookingRequestLink | undefined
}

/** Spec §4 payment flow: token, charge, then the success overlay and redirect, or the error. */
export function useCheckoutPayment({
  summary,
  profile,
  tokenizeCard,
  onReservationMade,
  onPaid,
  bookingRequest,
}: CheckoutPaymentOptions) {
  const [state, setState] = useState<PaymentState>({ kind: 'idle', hasFailed: false })
  const [confirmation, setConfirmation] = useState<ConfirmationState | null>(null)
  const unsettled = useRef<UnsettledCharge | null>(null)
  // Set at once: two submits queued behind a long task (a double tap on a busy phone) both run before
  // 'processing' is drawn, and the rendered state alone would let the second tokenize and charge again.
  const isPaying = useRef(false)
  const firePaid = useEffectEvent((paid: ConfirmationState) => onPaid(paid))

  useEffect(() => {
    if (!confirmation) return
    const timer = window.setTimeout(() => firePaid(confirmation), SUCCESS_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [confirmation])

  async function pay(values: CheckoutFormValues) {
    // The rendered state still counts: `finally` clears the ref before React draws what the charge said.
    if (isPaying.current || state.kind === 'processing' || state.kind === 'succeeded') return
    isPaying.current = true
    setState({ kind: 'processing' })
    try {
      let charge = unsettled.current
      if (!charge) {
        const { tokenId, deviceSessionId } = await tokenizeCard(values)
        const request = buildChargeRequest({
          summary,
          values,
          tokenId,
          deviceSessionId,
          clientId: profile?.clientId,
          bookingRequest,
        })
        charge = { request, idempotencyKey: newIdempotencyKey() }
        unsettled.current = charge
      }
      const response = await chargeReservation(charge.request, {
        idempotencyKey: charge.idempotencyKey,
        authToken: profile?.authToken,
      })
      unsettled.current = null
      const isPending = response.errorType === 'PAYMENT_PENDING' || response.data.status === 'pending'
      if (isChargeConfirmed(response) || isPending) {
        // The stay is the guest's now: nothing typed is kept, and the browser remembers the trip.
        clearCheckoutDraft(summary)
        const { reservationId, accessToken } = response.data
        const { cabinId, checkIn, checkOut } = summary
        onReservationMade?.({ reservationId, accessToken, cabinId, checkIn, checkOut })
      }
      if (isChargeConfirmed(response)) {
        clearCheckoutSummary()
        setState({ kind: 'succeeded' })
        setConfirmation(toConfirmationState(summary, charge.request, response.data))
      } else if (isPending) {
        setState({
          kind: 'pending',
          message: response.error ?? response.data.message,
          reservationId: response.data.reservationId,
          accessToken: response.data.accessToken,
        })
      } else {
        const message = response.error || response.data.charge.error_message || response.data.message
        setState({ kind: 'failed', messages: [message || checkoutErrorTexts.unsuccessful] })
      }
    } catch (error) {
      if (!isChargeOutcomeUnknown(error)) unsettled.current = null
      if (isDatesTaken(error)) setState({ kind: 'unavailable', message: checkoutErrorTexts.datesTaken })
      else setState({ kind: 'failed', messages: checkoutErrorMessages(error) })
    } finally {
      isPaying.current = false
    }
  }

  /** Any edit: hide the payment error; a changed submission gets a new token and a new key. */
  const noteEdit = useCallback(() => {
    unsettled.current = null
    setState((current) => (current.kind === 'failed' ? { kind: 'idle', hasFailed: true } : current))
  }, [])

  return { state, pay, noteEdit }
}
