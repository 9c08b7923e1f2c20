import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { isApiError } from '../../lib/api-client'

// No toast here: the session's provider, on every page's first view, reads this module, and sonner
// (~9 KB gzip, which injects its styles when evaluated) stays out of that view (toast-failure.ts).

/** The Spanish text the server put in a failed response (`error` or `message`), if any. */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return undefined
  const body = error.body as Record<string, unknown>
  for (const key of ['error', 'message'] as const) {
    const value = body[key]
    if (typeof value === 'string' && value.trim()) return value
  }
  return undefined
}

/** The server answered (an HTTP status), as opposed to a network failure or a bug of ours. */
export function isServerAnswer(error: unknown): boolean {
  return isApiError(error) && error.status > 0 && error.code !== 'INVALID_RESPONSE'
}

/** The server refused the token: it is invalid, expired or revoked. */
export function isSessionRejected(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403)
}

/**
 * Spec §8 pattern: a server answer shows its message or `failed`; anything else (network, bug)
 * shows `unexpected`.
 */
export function failureMessage(error: unknown, failed: string, unexpected: string): string {
  return isServerAnswer(error) ? (serverMessage(error) ?? failed) : unexpected
}

/** Server-side validation details `{ field, message }[]` of a 400, if any. */
export function fieldErrors(error: unknown): { field: string; message: string }[] {
  if (!isApiError(error) || typeof error.body !== 'object' || error.body === null) return []
  const details = (error.body as { details?: unknown }).details
  if (!Array.isArray(details)) return []
  return details.filter(
    (detail): detail is { field: string; message: string } =>
      typeof detail?.field === 'string' && typeof detail?.message === 'string',
  )
}

/** Puts the server's validation messages on the form's own fields; messages for other fields are dropped. */
export function setFieldErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<Values>,
): void {
  for (const { field, message } of fieldErrors(error)) {
    if (fields.includes(field)) setError(field as FieldPath<Values>, { message })
  }
}
