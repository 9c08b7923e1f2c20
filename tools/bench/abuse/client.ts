import { randomBytes } from 'node:crypto'
import http from 'node:http'

/** A tiny HTTP client for the abuse scenarios: JSON (or bytes as given) in, status + JSON out, headers as given. */
export type Answer = { status: number; json: Record<string, unknown>; headers: Headers; ms: number }

export async function call(
  base: string,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = performance.now()
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body:
      body === undefined || typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let json: Record<string, unknown> = {}
  try {
    json = JSON.parse(text) as Record<string, unknown>
  } catch {}
  return { status: res.status, json, headers: res.headers, ms: performance.now() - started }
}

/**
 * A body over the server's limit, sent as a phone on a slow link sends it: its whole length declared, its
 * first 64 KB written, then the answer awaited (the rest goes only if none comes in 5 s). The server
 * refuses by the declared length and closes the connection (Fastify's 413 says `connection: close`), so a
 * client still pushing the other megabytes at full speed races that close: its write fails (EPIPE) and
 * the reset can discard the 413 it had already received. `fetch` is that client and failed this way
 * under load; the refusal itself is what this checks.
 */
export function callOversized(
  base: string,
  method: string,
  path: string,
  { body, headers = {} }: { body: string; headers?: Record<string, string> },
): Promise<Answer> {
  const bytes = Buffer.from(body)
  const target = new URL(path, base)
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: target.hostname,
      port: target.port,
      method,
      path: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/json', ...headers, 'content-length': String(bytes.length) },
    })
    let settled = false
    const settle = (outcome: Answer | Error) => {
      if (settled) return
      settled = true
      clearTimeout(rest)
      clearTimeout(deadline)
      req.destroy()
      if (outcome instanceof Error) reject(outcome)
      else resolve(outcome)
    }
    const rest = setTimeout(() => req.end(bytes.subarray(64 * 1024)), 5_000)
    const deadline = setTimeout(() => settle(new Error(`sin respuesta en 30 s: ${method} ${path}`)), 30_000)
    req.on('response', (res) => {
      clearTimeout(rest)
      res.setEncoding('utf8')
      let text = ''
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () => {
        let json: Record<string, unknown> = {}
        try {
          json = JSON.parse(text) as Record<string, unknown>
        } catch {}
        const responseHeaders = new Headers()
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === 'string') responseHeaders.set(name, value)
        }
        settle({
          status: res.statusCode ?? 0,
          json,
          headers: responseHeaders,
          ms: performance.now() - started,
        })
      })
      // Cut before its body ended: no 'end' comes.
      res.on('close', () => settle(new Error(`respuesta ${res.statusCode} cortada: ${method} ${path}`)))
    })
    // After a complete answer the reset of our own writes is expected (settle ignores it).
    req.on('error', (error) => settle(error))
    req.write(bytes.subarray(0, 64 * 1024))
  })
}

export const uniqueEmail = (label: string) => `${label}.${randomBytes(4).toString('hex')}@ejemplo.mx`

/** The public Openpay settings the server hands to the web app (index.html's app-config). */
export async function publicOpenpay(base: string): Promise<{ merchantId: string; publicKey: string }> {
  const html = await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text()
  const json = /<script type="application\/json" id="app-config">(.*?)<\/script>/s.exec(html)?.[1]
  if (!json) throw new Error('index.html sin app-config: ¿se construyó la web?')
  return (JSON.parse(json) as { openpay: { merchantId: string; publicKey: string } }).openpay
}

/** What Openpay.js does in the browser: the card goes to the (sandbox) provider, a token comes back. */
export async function cardToken(base: string, cardNumber = '4111111111111111'): Promise<string> {
  const { merchantId, publicKey } = await publicOpenpay(base)
  const res = await call(base, 'POST', `/sandbox/openpay/v1/${merchantId}/tokens`, {
    headers: { authorization: `Basic ${Buffer.from(`${publicKey}:`).toString('base64')}` },
    body: {
      card_number: cardNumber,
      holder_name: 'ANA RODRIGUEZ',
      expiration_month: '12',
      expiration_year: '35',
      cvv2: '123',
    },
  })
  if (res.status !== 200) throw new Error(`token del sandbox: ${res.status}`)
  return String(res.json.id)
}

export function chargeBody({
  tokenId,
  cabinId,
  checkIn,
  checkOut,
  email,
  device,
}: {
  tokenId: string
  cabinId: string
  checkIn: string
  checkOut: string
  email: string
  device?: string
}) {
  return {
    method: 'card',
    token_id: tokenId,
    device_session_id: device ?? randomBytes(16).toString('hex'),
    customerData: { name: 'Ana', last_name: 'Rodríguez', phone_number: '5512345678', email },
    reservationData: {
      cabinId,
      checkIn,
      checkOut,
      guests: 2,
      guestInfo: { firstName: 'Ana', lastName: 'Rodríguez', email, phone: '5512345678', specialRequests: '' },
    },
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Polls `probe` until it returns a value other than undefined, or gives up after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, everyMs = 250) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) return undefined
    await sleep(everyMs)
  }
}

/** An address from the documentation ranges, as a proxy would report a client. */
export const clientAddress = (i: number) => `198.51.100.${(i % 250) + 1}`
