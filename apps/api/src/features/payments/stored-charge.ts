import { isSealed, SecretUnreadableError, secretBox } from '../../lib/secret-box.ts'

/**
 * A charge's answer as its Idempotency-Key keeps it for a day (idempotency_keys.response): the same,
 * but with the trip page's access token sealed (lib/secret-box.ts), bound to the key. A replay opens
 * it again, so the guest who retries still gets their link.
 */
type ChargeBody = { data?: { accessToken?: unknown } & Record<string, unknown> } & Record<string, unknown>

const sealingContext = (idempotencyKey: string) => `idempotency-response\n${idempotencyKey}`

function withAccessToken(response: unknown, change: (token: string) => string | undefined): unknown {
  const body = response as ChargeBody | null
  const sent = body?.data
  const token = sent?.accessToken
  if (!sent || typeof token !== 'string') return response
  const { accessToken: _, ...data } = sent
  const changed = change(token)
  return { ...body, data: changed === undefined ? data : { ...data, accessToken: changed } }
}

/** What the key stores: the answer with its access token sealed (one already sealed is kept). */
export function sealChargeResponse(response: unknown, idempotencyKey: string): unknown {
  return withAccessToken(response, (token) =>
    isSealed(token) ? token : secretBox().seal(token, sealingContext(idempotencyKey)),
  )
}

/**
 * The stored answer as it was first sent. A token stored in clear before sealing existed is sent as
 * it is; one that no configured key opens is left out (the answer still says what happened, and the
 * confirmation mail carries the link) and `onUnreadable` is told.
 */
export function openChargeResponse(
  response: unknown,
  idempotencyKey: string,
  onUnreadable: () => void,
): unknown {
  return withAccessToken(response, (token) => {
    try {
      return secretBox().open(token, sealingContext(idempotencyKey))
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error
      onUnreadable()
      return undefined
    }
  })
}
