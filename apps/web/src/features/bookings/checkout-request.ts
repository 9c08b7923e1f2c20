import type { ChargeRequest, CheckoutSummary, ConfirmationState, GuestInfo } from '@cabanas/domain/bookings'
import type { CheckoutFormValues } from './checkout-rules'

/** The guest of spec §3; email and phone fall back to the billing ones when left empty. */
export function toGuestInfo(values: CheckoutFormValues): GuestInfo {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.guestEmail.trim() || values.email.trim(),
    phone: values.guestPhone.trim() || values.phone.trim(),
    specialRequests: '',
  }
}

type ChargeRequestInput = {
  summary: CheckoutSummary
  values: CheckoutFormValues
  tokenId: string
  deviceSessionId: string
  clientId?: string | undefined
  bookingRequest?: BookingRequestLink | undefined
}

/** An accepted request to book being paid: its id, and its pay link's secret (absent from Mis Reservas). */
export type BookingRequestLink = { id: string; token?: string | undefined }

/**
 * Spec §3 charge request. Built field by field: the card number and CVV in `values` stay out of it
 * (Openpay has already turned them into `token_id`).
 */
export function buildChargeRequest({
  summary,
  values,
  tokenId,
  deviceSessionId,
  clientId,
  bookingRequest,
}: ChargeRequestInput): ChargeRequest {
  const guestInfo = toGuestInfo(values)
  const { basePrice, totalPrice, cleaningFee, serviceFee, comisionServicio, taxes } = summary.pricing
  return {
    reservationId: summary.cabinId,
    method: 'card',
    token_id: tokenId,
    device_session_id: deviceSessionId,
    customerData: {
      name: guestInfo.firstName,
      last_name: guestInfo.lastName,
      phone_number: values.phone.trim(),
      email: values.email.trim(),
    },
    reservationData: {
      cabinId: summary.cabinId,
      cabinName: summary.cabinName,
      checkIn: summary.checkIn,
      checkOut: summary.checkOut,
      guests: summary.guests,
      nights: summary.nights,
      location: summary.location,
      maxOccupancy: summary.maxOccupancy,
      pricing: { basePrice, totalPrice, cleaningFee, serviceFee, comisionServicio, taxes },
      guestInfo,
    },
    ...(clientId ? { clienteWebId: clientId } : {}),
    ...(bookingRequest
      ? {
          bookingRequest: {
            id: bookingRequest.id,
            ...(bookingRequest.token ? { token: bookingRequest.token } : {}),
          },
        }
      : {}),
  }
}

type PaidReservation = {
  reservationId: string
  paymentId: string | null
  totalAmount: number
  accessToken?: string | undefined
}

/** What /confirmation shows after a confirmed charge (spec §3 confirmation state). */
export function toConfirmationState(
  summary: CheckoutSummary,
  request: ChargeRequest,
  paid: PaidReservation,
): ConfirmationState {
  return {
    kind: 'reservation',
    bookingData: summary,
    guestInfo: { ...request.reservationData.guestInfo, specialRequests: '' },
    paymentDetails: { id: paid.paymentId ?? '' },
    reservationId: paid.reservationId,
    totalAmount: paid.totalAmount,
    ...(paid.accessToken ? { accessToken: paid.accessToken } : {}),
  }
}
