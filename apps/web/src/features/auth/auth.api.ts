import {
  CheckResponseSchema,
  type Client,
  ClientResponseSchema,
  type EmailChangeRequest,
  type LoginRequest,
  type PasswordChangeRequest,
  type Preferences,
  type ProfileUpdate,
  type RegisterRequest,
  SessionResponseSchema,
  type TakeBackRequest,
  type VerifyEmailResponse,
  VerifyEmailResponseSchema,
} from '@cabanas/domain/auth'
import { z } from 'zod'
import { apiGet, apiPost, apiPut, bearer } from '../../lib/api-client'

/** The client-auth base (spec §7). */
const AUTH = '/auth'

const MessageResponseSchema = z.object({ success: z.literal(true), message: z.string() })

export type Session = { token: string; client: Client; message: string }

export async function logIn(body: LoginRequest): Promise<Session> {
  const { message, data } = await apiPost(`${AUTH}/login`, body, SessionResponseSchema)
  return { ...data, message }
}

export async function registerClient(body: RegisterRequest): Promise<Session> {
  const { message, data } = await apiPost(`${AUTH}/register`, body, SessionResponseSchema)
  return { ...data, message }
}

/** Revokes the token on the server. */
export async function logOut(token: string): Promise<void> {
  await apiPost(`${AUTH}/logout`, undefined, MessageResponseSchema, { headers: bearer(token) })
}

/** GET /auth/check: the client behind a token; a 401 when the token is invalid, expired or revoked. */
export async function checkSession(token: string, signal?: AbortSignal): Promise<Client> {
  const { data } = await apiGet(`${AUTH}/check`, CheckResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data.client
}

export type ClientUpdate = { client: Client; message: string }

export async function updateProfile(token: string, body: ProfileUpdate): Promise<ClientUpdate> {
  const { message, data } = await apiPut(`${AUTH}/profile`, body, ClientResponseSchema, {
    headers: bearer(token),
  })
  return { client: data.client, message }
}

export async function updatePreferences(token: string, body: Preferences): Promise<ClientUpdate> {
  const { message, data } = await apiPut(`${AUTH}/preferences`, body, ClientResponseSchema, {
    headers: bearer(token),
  })
  return { client: data.client, message }
}

/** Changes the password: every other session ends; this one continues with the returned token. */
export async function changePassword(token: string, body: PasswordChangeRequest): Promise<Session> {
  const { message, data } = await apiPut(`${AUTH}/password`, body, SessionResponseSchema, {
    headers: bearer(token),
  })
  return { ...data, message }
}

/** Always answers the same message, whether the account exists or not. */
export async function requestPasswordReset(body: { email: string }): Promise<string> {
  return (await apiPost(`${AUTH}/forgot-password`, body, MessageResponseSchema)).message
}

export async function resetPassword(body: {
  token: string
  password: string
  confirmPassword: string
}): Promise<string> {
  return (await apiPost(`${AUTH}/reset-password`, body, MessageResponseSchema)).message
}

export type EmailVerification = VerifyEmailResponse['data'] & { message: string }

/**
 * Opens a 'Confirma tu correo' (or 'Cambiar correo') link. With the account's own session it is
 * used: the verified client, what joined, and the session that replaces this one. Without it the
 * link is not used: 'owner-needed' says when the account was created, for the page to ask.
 */
export async function verifyEmail(
  linkToken: string,
  sessionToken: string | null,
): Promise<EmailVerification> {
  const { message, data } = await apiPost(
    `${AUTH}/verify-email`,
    { token: linkToken },
    VerifyEmailResponseSchema,
    sessionToken ? { headers: bearer(sessionToken) } : undefined,
  )
  return { ...data, message }
}

/** "No fui yo": a new password chosen with the link; every other session of the account ends. */
export async function takeBackEmail(body: TakeBackRequest): Promise<EmailVerification> {
  const { message, data } = await apiPost(`${AUTH}/verify-email/take-back`, body, VerifyEmailResponseSchema)
  return { ...data, message }
}

/** 'Cambiar correo': mails a link to the new address; nothing changes until it is opened. */
export async function requestEmailChange(token: string, body: EmailChangeRequest): Promise<string> {
  return (await apiPost(`${AUTH}/email-change`, body, MessageResponseSchema, { headers: bearer(token) }))
    .message
}

/** Mails the signed-in client a fresh 'Confirma tu correo' link. */
export async function resendVerification(token: string): Promise<string> {
  return (
    await apiPost(`${AUTH}/resend-verification`, undefined, MessageResponseSchema, { headers: bearer(token) })
  ).message
}
