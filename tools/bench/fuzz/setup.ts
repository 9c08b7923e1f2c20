import { addDays, calendarDateIn } from '@cabanas/domain/shared'
import sharp from 'sharp'
import type { FuzzContext } from './context.ts'
import { ensureOperatorSession, prepareHostSide } from './setup-hosts.ts'

/**
 * A request of the set-up: well-formed, from its own address when the server trusts X-Forwarded-For.
 * `body` goes as JSON, `raw` as it is (a multipart upload).
 */
export type SetupCall = (
  method: string,
  path: string,
  options?: { body?: unknown; raw?: { contentType: string; body: Buffer }; headers?: Record<string, string> },
) => Promise<{ status: number; json: Record<string, unknown> }>

/** The set-up's own answers ≥ 500 count as findings like any other. */
export type SetupFinding = { method: string; path: string; status: number; bodyStart: string }

export function setupClient(baseUrl: string, spreadAddresses: boolean, findings: SetupFinding[]): SetupCall {
  let address = 0
  return async (method, path, { body, raw, headers = {} } = {}) => {
    address += 1
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(raw ? { 'content-type': raw.contentType } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(spreadAddresses ? { 'x-forwarded-for': `192.168.${(address >> 8) & 255}.${address & 255}` } : {}),
        ...headers,
      },
      body: raw ? raw.body : body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    // Load shedding (a 503 with Retry-After, as report.ts excuses it) is no finding here either.
    const shed =
      res.status === 503 && res.headers.has('retry-after') && text.includes('"SERVICE_UNAVAILABLE"')
    if (res.status >= 500 && !shed)
      findings.push({ method, path, status: res.status, bodyStart: text.slice(0, 300) })
    let json: Record<string, unknown> = {}
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: res.status, json }
  }
}

type CabinJson = {
  _id: string
  location: { population: string; state: string }
  propertyDetails: { minOccupancy: number; maxOccupancy: number }
  rates: { minNights: number }
  images: { url: string; preview: string }[]
}

const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString('base64')}`

/**
 * Real data for well-formed requests: the catalogue, an account and its session, sandbox card tokens,
 * and two paid reservations (one to read and change, one to cancel). Each step may fail (limits, a
 * route being changed): the fuzzer then runs with less depth, and says so.
 */
export async function prepareContext(
  call: SetupCall,
  {
    seed,
    sandbox,
    webhook,
    staticFiles,
    operator,
  }: {
    seed: number
    sandbox: FuzzContext['sandbox']
    webhook: FuzzContext['webhook']
    staticFiles: string[]
    /** The operator planted in the database (setup-hosts.ts), who signs in here. */
    operator: { email: string; password: string } | null
  },
): Promise<{ ctx: FuzzContext; notes: string[] }> {
  const notes: string[] = []
  const ctx: FuzzContext = {
    today: calendarDateIn(new Date()),
    cabins: [],
    mediaPaths: [],
    staticFiles,
    session: {
      token: null,
      spareToken: null,
      email: `fuzz-owner-${seed}@example.com`,
      password: 'contraseña-del-fuzz',
      issued: [],
    },
    reservation: null,
    cancellable: null,
    chargeId: null,
    sandbox,
    webhook,
    cardTokens: [],
    photo: await sharp({
      create: { width: 800, height: 533, channels: 3, background: { r: 40, g: 110, b: 70 } },
    })
      .jpeg()
      .toBuffer()
      .catch(() => null),
    host: {
      photoIds: [],
      listings: { draft: null, submitted: null, published: null, edited: null, deletable: null },
    },
    operator: operator ? { ...operator, token: null } : null,
  }

  const list = await call('GET', '/habitaciones?limit=500')
  const cabins = (list.json.habitaciones as CabinJson[] | undefined) ?? []
  ctx.cabins = cabins.map((cabin) => ({
    id: cabin._id,
    minOccupancy: cabin.propertyDetails.minOccupancy,
    maxOccupancy: cabin.propertyDetails.maxOccupancy,
    minNights: cabin.rates.minNights,
    place: `${cabin.location.population}, ${cabin.location.state}`,
  }))
  ctx.mediaPaths = cabins
    .flatMap((cabin) => cabin.images.flatMap((image) => [image.url, image.preview]))
    .filter((url) => url.startsWith('/media/'))
    .slice(0, 200)
  notes.push(`${ctx.cabins.length} cabañas, ${ctx.mediaPaths.length} imágenes`)

  await ensureSession(call, ctx)
  notes.push(
    ctx.session.token ? 'sesión de cliente lista' : 'SIN sesión de cliente (rutas con sesión poco profundas)',
  )
  // The fuzz account becomes a host with photos and listings; the operator approves one of them.
  notes.push(...(await prepareHostSide(call, ctx)))

  if (sandbox) {
    for (let i = 0; i < 40; i++) {
      const token = await call('POST', `/sandbox/openpay/v1/${sandbox.merchantId}/tokens`, {
        headers: { authorization: basic(sandbox.publicKey) },
        body: {
          card_number: '4111111111111111',
          holder_name: 'ANA RODRIGUEZ',
          expiration_month: '12',
          expiration_year: '35',
          cvv2: '123',
        },
      })
      if (typeof token.json.id === 'string') ctx.cardTokens.push(token.json.id)
    }
  }
  notes.push(`${ctx.cardTokens.length} tokens de tarjeta del sandbox`)

  const paid: { id: string; accessToken: string; paymentId: string | null }[] = []
  for (const [i, cabin] of ctx.cabins.slice(0, 12).entries()) {
    if (paid.length === 2 || ctx.cardTokens.length === 0) break
    const checkIn = addDays(ctx.today, 600 + i * 7)
    const charge = await call('POST', '/payments/charge', {
      body: {
        method: 'card',
        token_id: ctx.cardTokens[i % ctx.cardTokens.length],
        device_session_id: `fuzzsetup${seed}${i}`,
        customerData: {
          name: 'Ana',
          last_name: 'Rodríguez',
          phone_number: '5512345678',
          email: ctx.session.email,
        },
        reservationData: {
          cabinId: cabin.id,
          checkIn,
          checkOut: addDays(checkIn, Math.max(cabin.minNights, 2)),
          guests: cabin.minOccupancy,
          guestInfo: {
            firstName: 'Ana',
            lastName: 'Rodríguez',
            email: ctx.session.email,
            phone: '5512345678',
          },
        },
      },
    })
    const data = charge.json.data as {
      reservationId?: string
      accessToken?: string
      paymentId?: string | null
    }
    if (charge.status === 200 && data?.reservationId && data.accessToken) {
      paid.push({ id: data.reservationId, accessToken: data.accessToken, paymentId: data.paymentId ?? null })
    }
  }
  ctx.reservation = paid[0] ?? null
  ctx.cancellable = paid[1] ?? null
  ctx.chargeId = paid.find((reservation) => reservation.paymentId)?.paymentId ?? null
  notes.push(`${paid.length} reservas pagadas${ctx.chargeId ? ' y su cargo' : ''}`)
  return { ctx, notes }
}

/** Live sessions for the fuzz account (main and spare: checked, else a login, else a new account) and the operator. */
export async function ensureSession(call: SetupCall, ctx: FuzzContext): Promise<void> {
  const alive = async (token: string | null) =>
    token !== null &&
    (await call('GET', '/auth/check', { headers: { authorization: `Bearer ${token}` } })).status === 200
  if (!(await alive(ctx.session.token))) ctx.session.token = await signIn(call, ctx)
  if (!(await alive(ctx.session.spareToken))) ctx.session.spareToken = await signIn(call, ctx)
  await ensureOperatorSession(call, ctx)
}

async function signIn(call: SetupCall, ctx: FuzzContext): Promise<string | null> {
  const { email, password } = ctx.session
  const login = await call('POST', '/auth/login', { body: { email, password } })
  const token = (login.json.data as { token?: string } | undefined)?.token
  if (login.status === 200 && token) {
    ctx.session.issued.push(token)
    return token
  }
  if (login.status !== 401) return null
  // First run on this database; or the account exists with another password (a request changed it):
  // then a new account.
  for (const address of [email, email.replace('@', `-${Date.now().toString(36)}@`)]) {
    const register = await call('POST', '/auth/register', {
      body: {
        firstName: 'Fuzz',
        lastName: 'Propietario',
        email: address,
        password,
        confirmPassword: password,
        acceptTerms: true,
      },
    })
    const registered = (register.json.data as { token?: string } | undefined)?.token
    if (register.status === 201 && registered) {
      ctx.session.email = address
      ctx.session.issued.push(registered)
      return registered
    }
    if (register.status !== 409) return null
  }
  return null
}
