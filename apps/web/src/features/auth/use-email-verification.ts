import { emailVerificationMessages, VerifyEmailRequestSchema } from '@cabanas/domain/auth'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isApiError } from '../../lib/api-client'
import { type EmailVerification, verifyEmail } from './auth.api'
import { failureMessage } from './auth-errors'
import { useSession } from './use-session'

export type EmailVerificationState =
  | { status: 'pending' }
  | { status: 'verified'; verification: EmailVerification }
  /** `canRetry`: the server was not reached or failed; the same link may still work. */
  | { status: 'failed'; message: string; canRetry: boolean; retry: () => void }

/**
 * Posts a 'Confirma tu correo' token once (`enabled`: when the page is ready to use it). Never
 * retried on its own: a link is single use. When the verified client is the signed-in one, the
 * session's stored user follows.
 */
export function useEmailVerification(token: string | null, { enabled }: { enabled: boolean }) {
  const isWellFormed = VerifyEmailRequestSchema.safeParse({ token }).success
  const query = useQuery({
    queryKey: ['email-verification', token],
    queryFn: () => verifyEmail(token!),
    enabled: enabled && isWellFormed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnReconnect: false,
  })

  const { user, updateUser } = useSession()
  const verified = query.data?.client
  useEffect(() => {
    if (verified && user?.id === verified.id && !user.isEmailVerified) updateUser(verified)
  }, [verified, user, updateUser])

  if (!isWellFormed) {
    return failed(emailVerificationMessages.invalid, false, () => {})
  }
  if (query.isSuccess) return { status: 'verified', verification: query.data } as const
  if (query.isError) {
    const message = failureMessage(
      query.error,
      'No pudimos verificar tu correo. Intenta de nuevo.',
      'No pudimos comunicarnos con el servidor. Revisa tu conexión e intenta de nuevo.',
    )
    // The link itself was refused (used, expired, unknown): trying it again cannot help.
    const isLinkRefused = isApiError(query.error) && query.error.code === 'VALIDATION_ERROR'
    return failed(message, !isLinkRefused, () => void query.refetch())
  }
  return { status: 'pending' } as const
}

function failed(message: string, canRetry: boolean, retry: () => void): EmailVerificationState {
  return { status: 'failed', message, canRetry, retry }
}
