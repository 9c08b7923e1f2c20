import { hostMessages } from '@cabanas/domain/hosts'
import { hostReservationMessages, ReservationIdParamsSchema } from '@cabanas/domain/reservations'
import { messages } from '@cabanas/domain/shared'
import { invalidInput, refusal } from '../../plugins/error-responses.ts'

/** The refusals the host's and the operator's reservation routes document (errorResponses). */
export const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
export const notHost = refusal('FORBIDDEN', hostMessages.notHost)
export const notOperator = refusal('FORBIDDEN', hostMessages.notOperator)
export const notFound = refusal('RESERVATION_NOT_FOUND', hostReservationMessages.notFound)
export const operatorNotFound = refusal('RESERVATION_NOT_FOUND', hostReservationMessages.operatorNotFound)
export const badId = invalidInput(ReservationIdParamsSchema, { reservationId: 'x' })
