// What the host-route scenarios share: signing in, a guest of their own, a table of probes, a server
// that never answers.
import { createServer, type Socket } from 'node:net'
import { type Answer, call, callOversized, uniqueEmail } from './client.ts'
import { base, type HostAbuseContext, newAddress, type Session } from './host-kit.ts'

/** host-kit.ts's password: the operator (registered and confirmed by the listing scenarios) signs in. */
const PASSWORD = 'clave-anfitrion-1'
const SPANISH = /[áéíóúñ¿¡]|sesión|anfitri|inválid|calendario|mes|dirección|cuerpo|solicitud/i

export const errorOf = (answer: Answer) => String(answer.json.error ?? answer.json.message ?? '')

export async function signIn(ctx: HostAbuseContext, email: string): Promise<Session> {
  const res = await call(base(ctx), 'POST', '/auth/login', {
    headers: newAddress(),
    body: { email, password: PASSWORD, rememberMe: false },
  })
  const token = (res.json.data as { token?: string } | undefined)?.token
  if (res.status !== 200 || !token) throw new Error(`inicio de sesión de ${email}: ${res.status}`)
  ctx.secrets.push(token)
  return { authorization: `Bearer ${token}` }
}

/** A client who only books: registered, no host profile. */
export async function newGuest(ctx: HostAbuseContext): Promise<Session> {
  const email = uniqueEmail('huesped-abuso')
  const res = await call(base(ctx), 'POST', '/auth/register', {
    headers: newAddress(),
    body: {
      firstName: 'Hugo',
      lastName: 'Huésped',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    },
  })
  const token = (res.json.data as { token?: string } | undefined)?.token
  if (res.status !== 201 || !token) throw new Error(`registro del huésped: ${res.status}`)
  ctx.secrets.push(token)
  return { authorization: `Bearer ${token}` }
}

export type Probe = {
  label: string
  method: string
  url: string
  who?: Session
  body?: unknown
  headers?: Record<string, string>
  status: number
  /** A part of the Spanish message expected (else: any Spanish message). */
  message?: string
  /** A string body over the limit, sent by `callOversized` (a refusal that closes the connection). */
  oversized?: boolean
}

export async function probe(ctx: HostAbuseContext, probes: Probe[]) {
  let i = 0
  for (const p of probes) {
    i += 1
    const headers = { ...newAddress(), ...p.who, ...p.headers }
    if (p.oversized && typeof p.body !== 'string')
      throw new Error(`${p.label}: oversized needs a string body`)
    const res =
      p.oversized && typeof p.body === 'string'
        ? await callOversized(base(ctx, i), p.method, p.url, { headers, body: p.body })
        : await call(base(ctx, i), p.method, p.url, { headers, body: p.body })
    const error = errorOf(res)
    ctx.figure(`${p.label}: ${res.status} «${error.slice(0, 90)}»`)
    ctx.check(
      res.status === p.status && (p.message ? error.includes(p.message) : SPANISH.test(error)),
      `${p.label}: ${p.status} en español (${res.status})`,
    )
  }
}

/** A TCP server that accepts and never answers: an imported calendar pointing at it would hang a poll. */
export async function hangingServer() {
  const sockets: Socket[] = []
  let connections = 0
  const server = createServer((socket) => {
    connections += 1
    sockets.push(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return {
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
