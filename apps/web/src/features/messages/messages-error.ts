import { messageMessages } from '@cabanas/domain/messages'
import { isApiError } from '../../lib/api-client'

/**
 * What a failed messages request says: a refusal's own Spanish message (the domain's: 'La conversación
 * no fue encontrada', a too-long text…), chosen by code where the web has its own copy.
 */
export function messagesErrorMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback
  if (error.code === 'NETWORK_ERROR') return 'No hay conexión. Revisa tu internet e intenta de nuevo.'
  if (error.code === 'RATE_LIMITED') return messageMessages.tooMany
  if (error.status >= 400 && error.status < 500 && error.status !== 401) {
    const body =
      typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {}
    if (typeof body.message === 'string' && body.message.trim()) return body.message
  }
  return fallback
}
