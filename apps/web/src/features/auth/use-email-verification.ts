import {
  emailVerificationMessages,
  type OwnerNeeded,
  type TakeBackRequest,
  VerifyEmailRequestSchema,
} from '@cabanas/domain/auth'
import { requireValue } from '@cabanas/domain/shared'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { isApiError } from '../../lib/api-client'
import { type EmailVerification, type Session, takeBackEmail, verifyEmail } from './auth.api'
import { failureMessage } from './auth-errors'
import { useSession } from './use-session'

export type VerifiedEmail = Extract<EmailVerification, { outcome: 'verified' }>

export type EmailVerificationState =
  | { status: 'pending' }
  | { status: 'verified'; verification: VerifiedEmail }
  /**
   * The link's account is not signed in here: nothing was used. The page offers 'La creé yo'
   * (`confirmWithSession` after signing in) and, for an address link, 'No fui yo' (`takeBack`).
   */
  | {
      status: 'owner-needed'
      ownerNeeded: OwnerNeeded
      confirmWithSession: (session: Session) => void
      takeBack: (passwords: Omit<TakeBackRequest, 'token'>) => Promise<void>
    }
  /** `canRetry`: the server was not reached or failed; the same link may still work. */
  | { status: 'failed'; message: string; canRetry: boolean; retry: () => void }

/**
 * Opens a 'Confirma tu correo' or 'Cambiar correo' link once (`enabled`: when the page is ready to
 * use it and the stored session was read), with this browser's session if there is one. Never
 * retried on its own: a link is single use. A verified answer replaces the session in this browser
 * (every older one ended on the server).
 */
export function useEmailVerification(token: string | null, { enabled }: { enabled: boolean }) {
  const isWellFormed = VerifyEmailRequestSchema.safeParse({ token }).success
  const session = useSession()
  const { signIn } = session
  // The session the next attempt sends: read when it runs, so that a verified answer's own new
  // session (signIn below) does not start another attempt with a used link.
  const sessionToken = useRef<string | null>(null)
  if (session.status !== 'checking') sessionToken.current = session.token
  const [attempt, setAttempt] = useState(0)
  const [takenBack, setTakenBack] = useState<VerifiedEmail | null>(null)

  const query = useQuery({
    queryKey: ['email-verification', token, attempt],
    queryFn: () => verifyEmail(requireValue(token, 'the verification token'), sessionToken.current),
    enabled: enabled && isWellFormed && session.status !== 'checking' && !takenBack,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnReconnect: false,
  })

  const verified = query.data?.outcome === 'verified' ? query.data : null
  // Once per verification: signIn changes with the session it sets, which would run this again.
  const signedInWith = useRef<string | null>(null)
  useEffect(() => {
    if (!verified || signedInWith.current === verified.token) return
    signedInWith.current = verified.token
    signIn({ token: verified.token, client: verified.client })
  }, [verified, signIn])

  const confirmWithSession = useCallback(
    (signedIn: Session) => {
      sessionToken.current = signedIn.token
      signIn(signedIn)
      setAttempt((n) => n + 1)
    },
    [signIn],
  )

  const takeBack = useCallback(
    async (passwords: Omit<TakeBackRequest, 'token'>) => {
      const result = await takeBackEmail({
        token: requireValue(token, 'the verification token'),
        ...passwords,
      })
      if (result.outcome !== 'verified') throw new Error('unexpected answer')
      sessionToken.current = result.token
      signIn({ token: result.token, client: result.client })
      setTakenBack(result)
    },
    [token, signIn],
  )

  if (!isWellFormed) {
    return failed(emailVerificationMessages.invalid, false, () => {})
  }
  if (takenBack) return { status: 'verified', verification: takenBack } as const
  if (query.isSuccess) {
    const { data } = query
    if (data.outcome === 'verified') return { status: 'verified', verification: data } as const
    return { status: 'owner-needed', ownerNeeded: data, confirmWithSession, takeBack } as const
  }
  if (query.isError) {
    const message = failureMessage(
      query.error,
      'No pudimos verificar tu correo. Intenta de nuevo.',
      'No pudimos comunicarnos con el servidor. Revisa tu conexión e intenta de nuevo.',
    )
    // The link itself was refused (used, expired, unknown): trying it again cannot help.
    const isLinkRefused =
      isApiError(query.error) &&
      (query.error.code === 'VALIDATION_ERROR' || query.error.code === 'EMAIL_TAKEN')
    return failed(message, !isLinkRefused, () => void query.refetch())
  }
  return { status: 'pending' } as const
}

function failed(message: string, canRetry: boolean, retry: () => void): EmailVerificationState {
  return { status: 'failed', message, canRetry, retry }
}
