import { listingApiMessages } from '@cabanas/domain/listings'
import { isApiError } from '../../lib/api-client'
import { serverMessage } from '../auth/auth-errors'
import type { ListingAction } from './operator.api'

export const operatorMessages = {
  noAccess: 'No tienes acceso a la consola de operación',
  alreadyAnswered: 'Otro operador ya respondió este anuncio',
  alreadyChanged: 'El estado de este anuncio cambió mientras lo revisabas. Ya te mostramos el actual.',
  actionFailed: 'No se pudo completar la acción. Revisa tu conexión e intenta de nuevo.',
} as const

/**
 * Why an action on a listing failed, in Spanish, chosen by status: a 409 on approving or returning
 * means another operator answered first; on pausing, that the listing changed (both refetch). Other
 * refusals carry the API's own message; a network failure or a 5xx, a retry hint.
 */
export function actionErrorMessage(error: unknown, kind: ListingAction['kind']): string {
  if (!isApiError(error) || error.status === 0 || error.status >= 500) return operatorMessages.actionFailed
  if (error.status === 409) {
    return kind === 'approve' || kind === 'return'
      ? operatorMessages.alreadyAnswered
      : (serverMessage(error) ?? operatorMessages.alreadyChanged)
  }
  if (error.status === 404) return listingApiMessages.notFound
  return serverMessage(error) ?? operatorMessages.actionFailed
}

/**
 * Why paying a host's month failed: the API's Spanish message for its refusals (409 changed or paid
 * meanwhile, 422 the provider refused, 503 the provider did not answer); a retry hint when there was
 * no answer or a 500.
 */
export function payoutErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0 || error.status === 500) return operatorMessages.actionFailed
  return serverMessage(error) ?? operatorMessages.actionFailed
}
