import { randomBytes } from 'node:crypto'
import type { ChargeRequest, ChargeResponse } from '@cabanas/domain/bookings'
import { chargeMessages, commissionOf, hostRequestMessages } from '@cabanas/domain/bookings'
import { paymentErrorMessage } from '@cabanas/domain/payments'
import { checkStayDates, quoteMessages, quoteStay } from '@cabanas/domain/quotes'
import { afterChargeOutcome } from '@cabanas/domain/reservations'
import { type CalendarDate, DomainError, requireValue } from '@cabanas/domain/shared'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.ts'
import { SQLSTATE, sqlStateOf } from '../../db/errors.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import { findCabinForStay } from '../quotes/quotes.queries.ts'
import { claimRequestForReservation, requestToPay } from '../reservations/request-payment.queries.ts'
import { hashAccessToken } from '../reservations/reservation-access.queries.ts'
import {
  findReservationState,
  insertPendingReservation,
  replaceAccessTokenHash,
  transitionReservation,
} from '../reservations/reservations.queries.ts'
import {
  isChargeRefused,
  type PaymentGateway,
  PaymentOutcomeUnknownError,
  PaymentProviderError,
} from './payment-gateway.ts'
import { applyChargeToReservation, settlePendingReservation } from './reconcile.ts'

export type ChargeDeps = {
  db: Database
  gateway: PaymentGateway
  today: CalendarDate
  /** The request's instant: an arrival today is refused from its check-in time (15:00, Mexico City). */
  now?: Date
  log: FastifyBaseLogger
  /** When no charge request for a hold can still be running (reconcile.ts chargeSettledAfterSeconds). */
  settledAfterSeconds: number
}
export type ChargeOutcome = { statusCode: number; body: ChargeResponse }

const pick = <T extends object, K extends keyof T>(row: T, keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>

type OutcomeBase = { reservationId: string; totalAmount: number }

/**
 * Hold → charge → confirm. The price is computed again here (the client's is ignored); the hold is a
 * pending reservation that the exclusion constraint protects; the charge runs outside any
 * transaction with our reservation id as Openpay's order id, so an unknown outcome can be
 * reconciled later by looking the order up. A charge the provider refused (bad or unknown token,
 * decline) frees the nights at once; only an unknown outcome keeps them, until the first lookup.
 */
export async function chargeReservation(
  { db, gateway, today, now, log, settledAfterSeconds }: ChargeDeps,
  request: ChargeRequest,
  {
    clientIp,
    clientAddress,
    clientId,
    onHeld,
  }: {
    /** The shopper's IP as Openpay's anti-fraud wants it. */
    clientIp?: string
    /** What the per-client hold limit counts (`clientAddressKey`: an IPv6 /64, an IPv4 address). */
    clientAddress?: string
    clientId?: string | null
    /** Runs in the hold's transaction (links an Idempotency-Key to the reservation). */
    onHeld?: (tx: Database, reservationId: string) => Promise<void>
  },
): Promise<ChargeOutcome> {
  const { customerData } = request
  // An accepted request to book (its pay link): its stay and the price its host accepted.
  const paying = request.bookingRequest
    ? await requestToPay(db, request.bookingRequest, { clientId: clientId ?? null, now: now ?? new Date() })
    : null
  const stay = paying
    ? { ...request.reservationData, ...pick(paying, ['cabinId', 'checkIn', 'checkOut', 'guests']) }
    : request.reservationData
  checkStayDates({ checkIn: stay.checkIn, checkOut: stay.checkOut, today, now })
  const cabin = await findCabinForStay(db, stay.cabinId, stay.checkIn, stay.checkOut)
  if (!cabin) throw new DomainError('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND)
  if (paying && !cabin.isFree) throw new DomainError('NOT_AVAILABLE', hostRequestMessages.nightsTakenAtPay)
  const price = paying
    ? { nights: paying.nights, totalPrice: paying.totalPrice, serviceCommission: commissionOf(paying) }
    : quoteStay({ cabin, ...stay, today, now, isBooked: !cabin.isFree })

  const accessToken = randomBytes(24).toString('base64url')
  const guest = stay.guestInfo
  const claimRequest = paying
    ? async (tx: Database, reservationId: string) => {
        const claimed = await claimRequestForReservation(tx, {
          requestId: paying.id,
          reservationId,
          now: now ?? new Date(),
        })
        if (!claimed) throw new DomainError('CONFLICT', hostRequestMessages.payInProgress)
        await onHeld?.(tx, reservationId)
      }
    : onHeld
  const reservation = await insertPendingReservation(
    db,
    {
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
      clientId: clientId ?? paying?.clientId ?? null,
      accessTokenHash: hashAccessToken(accessToken),
      holdIp: clientAddress ?? clientIp ?? null,
      holdDeviceSessionId: request.device_session_id,
      bookingRequestId: paying?.id ?? null,
    },
    { lookupAfterSeconds: settledAfterSeconds, ...(claimRequest ? { onHeld: claimRequest } : {}) },
  ).catch((error: unknown) => {
    // A second live reservation for one request (reservations_booking_request_live_idx).
    if (paying && sqlStateOf(error) === SQLSTATE.uniqueViolation) {
      throw new DomainError('CONFLICT', hostRequestMessages.payInProgress)
    }
    throw error
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
      await enqueuePendingMail(db, log, reservation.id, accessToken)
      return pendingOutcome(base, charge.id, accessToken)
    }
    // The 'reserva confirmada' mail, with the secret of the trip page's link, is written with the
    // confirmation itself; if reconciliation confirmed it first, its own mail was sent instead.
    const confirmed = await transitionReservation(
      db,
      reservation.id,
      pending,
      requireValue(afterChargeOutcome(pending, 'completed'), 'the status after a completed charge'),
      { chargeId: charge.id },
      (tx) =>
        enqueueMail(tx, { template: 'reservation-confirmed', reservationId: reservation.id, accessToken }),
    )
    if (!confirmed) {
      // The reservation left 'pending' while the charge ran (a lookup found no charge yet and released
      // the nights): the charge is applied as a late one, which refunds it unless it was confirmed.
      await applyChargeToReservation({ db, gateway, log }, charge)
      const settled = await findReservationState(db, reservation.id)
      if (settled?.paymentStatus !== 'PAID') {
        log.warn(
          { reservationId: reservation.id, chargeId: charge.id },
          'charge completed after its hold was released',
        )
        throw new DomainError('NOT_AVAILABLE', chargeMessages.releasedBeforePayment)
      }
    }
    log.info({ reservationId: reservation.id, chargeId: charge.id }, 'reservation confirmed')
    return confirmedOutcome(base, charge.id, accessToken)
  } catch (error) {
    // The provider refused the request or declined the card: nothing was charged.
    if (error instanceof PaymentProviderError && isChargeRefused(error)) {
      await transitionReservation(
        db,
        reservation.id,
        pending,
        requireValue(afterChargeOutcome(pending, 'failed'), 'the status after a failed charge'),
      )
      log.info(
        { reservationId: reservation.id, errorCode: error.errorCode, category: error.category },
        'charge refused; nights released',
      )
      return declinedOutcome(base, error.errorCode, error.description)
    }
    // Our timeout, a lost connection, an internal error (5xx): the card may have been charged.
    if (error instanceof PaymentOutcomeUnknownError || error instanceof PaymentProviderError) {
      log.warn(
        { reservationId: reservation.id, err: error },
        'charge outcome unknown; left pending for reconciliation',
      )
      await enqueuePendingMail(db, log, reservation.id, accessToken)
      return pendingOutcome(base, null, accessToken)
    }
    throw error
  }
}

/**
 * 'Pago en verificación': the reservation stays pending (no state changes here, so the mail is
 * written on its own); its outcome is mailed when reconciliation or a webhook settles it. A failure
 * to queue it never turns the guest's 202 into an error.
 */
async function enqueuePendingMail(
  db: Database,
  log: FastifyBaseLogger,
  reservationId: string,
  accessToken: string,
) {
  try {
    await enqueueMail(db, { template: 'payment-pending', reservationId, accessToken })
  } catch (error) {
    log.warn({ reservationId, err: error }, 'payment-pending mail not queued')
  }
}

/**
 * The answer to the retry of a charge whose request died with its process (its Idempotency-Key was
 * left in progress longer than any charge can take). A pending reservation is first settled from the
 * provider (or released when it has no charge). Then: paid → confirmed, with a new access token (the
 * first one was never delivered); still pending → 202; failed or released → null: nothing was
 * charged, and the request may run again (the token is single use, so it can never charge twice).
 */
export async function answerAbandonedCharge(
  deps: Pick<ChargeDeps, 'db' | 'gateway' | 'log'>,
  reservationId: string,
): Promise<ChargeOutcome | null> {
  const { db } = deps
  let reservation = await findReservationState(db, reservationId)
  if (reservation?.status === 'pending') {
    await settlePendingReservation(deps, reservationId)
    reservation = await findReservationState(db, reservationId)
  }
  if (!reservation || reservation.paymentStatus === 'FAILED') return null
  const base = { reservationId, totalAmount: reservation.totalPrice }
  const accessToken = randomBytes(24).toString('base64url')
  await replaceAccessTokenHash(db, reservationId, hashAccessToken(accessToken))
  if (reservation.paymentStatus === 'PENDING') return pendingOutcome(base, reservation.chargeId, accessToken)
  return confirmedOutcome(base, reservation.chargeId, accessToken)
}

function confirmedOutcome(base: OutcomeBase, paymentId: string | null, accessToken: string): ChargeOutcome {
  return {
    statusCode: 200,
    body: {
      success: true,
      data: {
        ...base,
        paymentId,
        status: 'succeeded',
        charge: { status: 'completed', error_message: null },
        ok: true,
        message: chargeMessages.confirmed,
        accessToken,
      },
    },
  }
}

function declinedOutcome(base: OutcomeBase, errorCode: number, description: string): ChargeOutcome {
  const message = paymentErrorMessage(errorCode, description)
  return {
    statusCode: 402,
    body: {
      success: false,
      error: message,
      errorType: 'PAYMENT_DECLINED',
      error_code: errorCode,
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

function pendingOutcome(base: OutcomeBase, paymentId: string | null, accessToken: string): ChargeOutcome {
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
