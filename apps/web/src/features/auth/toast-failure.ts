import { toast } from 'sonner'
import { failureMessage, isSessionRejected } from './auth-errors'

/**
 * A failed request told in an 'Error' toast, in the words of `failureMessage`; with `expireSession`,
 * a refused session also ends.
 */
export function toastFailure(
  error: unknown,
  { failed, unexpected }: { failed: string; unexpected: string },
  expireSession?: () => void,
): void {
  toast.error('Error', { description: failureMessage(error, failed, unexpected) })
  if (expireSession && isSessionRejected(error)) expireSession()
}
