import { isApiError } from '../../lib/api-client'

/**
 * Spec §8: an answer we cannot read is 'No se pudieron cargar las reservas'; a failed request shows the
 * server's message, else 'Error al cargar las reservas'.
 */
export function reservationsErrorMessage(error: unknown): string {
  if (!isApiError(error)) return 'Error al cargar las reservas'
  if (error.code === 'INVALID_RESPONSE') return 'No se pudieron cargar las reservas'
  const body =
    typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {}
  const message = [body.message, body.error].find((value) => typeof value === 'string' && value.trim())
  return typeof message === 'string' ? message : 'Error al cargar las reservas'
}
