import { createHash, randomBytes } from 'node:crypto'
import type { ChargeRequest, ChargeResponse } from '@cabanas/domain/bookings'
import { chargeMessages } from '@cabanas/domain/bookings'
import { paymentErrorMessage } from '@cabanas/domain/payments'
import { checkStayDates, quoteMessages, quoteStay } from '@cabanas/domain/quotes'
import { afterChargeOutcome } from '@cabanas/domain/reservations'
import { type CalendarDate, DomainError } from '@cabanas/domain/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import {
  type PaymentGateway,
  PaymentOutcomeUnknownError,
  PaymentProviderError,
} from '../payments/payment-gateway.ts'
import { findCabinForStay } from '../quotes/quotes.queries.ts'
import { insertPendingReservation, transitionReservation } from './reservations.queries.ts'

export type ChargeDeps = {
  db: Database
  gateway: PaymentGateway
  today: CalendarDate
  log: FastifyBaseLogger
}
export type ChargeOutcome = { statusCode: number; body: ChargeResponse }

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Hold → charge → confirm. The price is computed again here (the client's is ignored); the hold is a
 * pending reservation that the exclusion constraint protects; the charge runs outside any
 * transaction with our reservation id as Openpay's order id, so an unknown outcome can be
 * reconciled later by looking the order up.
 */
export async function chargeReservation(
  { db, gateway, today, log }: ChargeDeps,
  request: ChargeRequest,
  { clientIp, clientId }: { clientIp?: string; clientId?: string | null },
): Promise<ChargeOutcome> {
  const { reservationData: stay, customerData } = request
  checkStayDates({ checkIn: stay.checkIn, checkOut: stay.checkOut, today })
  const cabin = await findCabinForStay(db, stay.cabinId, stay.checkIn, stay.checkOut)
  if (!cabin) throw new DomainError('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND)
  const price = quoteStay({ cabin, ...stay, today, isBooked: !cabin.isFree })

  const accessToken = randomBytes(24).toString('base64url')
  const guest = stay.guestInfo
  const reservation = await insertPendingReservation(db, {
    cabinId: cabin.id,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    guests: stay.guests,
    nights: price.nights,
    totalPrice: price.totalPrice,
    serviceCommission: price.serviceCommission,
    guestFirstName: guest.firstName,
    guestLastName: guest.lastName,
    guestEmail: guest.email.toLowerCase(),
    guestPhone: guest.phone,
    specialRequests: guest.specialRequests,
    clientId: clientId ?? null,
    accessTokenHash: hashAccessToken(accessToken),
  })
  log.info({ reservationId: reservation.id, cabinId: cabin.id }, 'reservation held')

  const base = { reservationId: reservation.id, totalAmount: price.totalPrice }
  const pending = { status: 'pending', paymentStatus: 'PENDING' } as const
  try {
    const charge = await gateway.createCharge({
      sourceId: request.token_id,
      deviceSessionId: request.device_session_id,
      amount: price.totalPrice,
      currency: 'MXN',
      description: `Reserva ${cabin.name}, ${stay.checkIn} a ${stay.checkOut}`.slice(0, 250),
      orderId: reservation.id,
      customer: {
        name: customerData.name,
        lastName: customerData.last_name,
        email: customerData.email,
        phoneNumber: customerData.phone_number,
      },
      ...(clientIp ? { clientIp } : {}),
    })
    if (charge.status !== 'completed') {
      log.warn({ reservationId: reservation.id, chargeStatus: charge.status }, 'charge not completed yet')
      return pendingOutcome(base, charge.id, accessToken)
    }
    await transitionReservation(db, reservation.id, pending, afterChargeOutcome(pending, 'completed')!, {
      chargeId: charge.id,
    })
    log.info({ reservationId: reservation.id, chargeId: charge.id }, 'reservation confirmed')
    return {
      statusCode: 200,
      body: {
        success: true,
        data: {
          ...base,
          paymentId: charge.id,
          status: 'succeeded',
          charge: { status: charge.status, error_message: null },
          ok: true,
          message: chargeMessages.confirmed,
          accessToken,
        },
      },
    }
  } catch (error) {
    // An Openpay internal error (5xx, e.g. 1000) does not say whether the card was charged.
    if (error instanceof PaymentProviderError && error.httpCode < 500) {
      await transitionReservation(db, reservation.id, pending, afterChargeOutcome(pending, 'failed')!)
      log.info(
        { reservationId: reservation.id, errorCode: error.errorCode },
        'charge declined; nights released',
      )
      const message = paymentErrorMessage(error.errorCode, error.description)
      return {
        statusCode: 402,
        body: {
          success: false,
          error: message,
          errorType: 'PAYMENT_DECLINED',
          error_code: error.errorCode,
          data: {
            ...base,
            paymentId: null,
            status: 'failed',
            charge: { status: 'failed', error_message: message },
            ok: false,
            message,
          },
        },
      }
    }
    if (error instanceof PaymentOutcomeUnknownError || error instanceof PaymentProviderError) {
      log.warn(
        { reservationId: reservation.id, err: error },
        'charge outcome unknown; left pending for reconciliation',
      )
      return pendingOutcome(base, null, accessToken)
    }
    throw error
  }
}

function pendingOutcome(
  base: { reservationId: string; totalAmount: number },
  paymentId: string | null,
  accessToken: string,
): ChargeOutcome {
  return {
    statusCode: 202,
    body: {
      success: false,
      error: chargeMessages.pending,
      errorType: 'PAYMENT_PENDING',
      data: {
        ...base,
        paymentId,
        status: 'pending',
        charge: { status: 'pending', error_message: null },
        ok: false,
        message: chargeMessages.pending,
        accessToken,
      },
    },
  }
}
