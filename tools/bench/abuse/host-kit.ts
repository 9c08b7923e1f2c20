import { readdir } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { LISTING_API, LISTING_STEPS } from '@cabanas/domain/listings'
import { readOutboxMails } from '../../../apps/api/src/features/mail/mail-testing.ts'
import { completeListing } from '../../../apps/api/src/test/listing-fixtures.ts'
import { solidPhoto } from '../../../apps/api/src/test/photo-fixtures.ts'
import { multipartBody, multipartEnvelope } from '../multipart.ts'
import { type Answer, call, uniqueEmail, waitFor } from './client.ts'
import { type AbuseContext, server } from './scenarios.ts'

/*
 * What the host scenarios (host-scenarios.ts) share: hosts and an operator made over HTTP as people
 * make them, uploads (whole, streamed or cut), listings, and what the photo storage holds on disk.
 */

/** The abuse context of the host scenarios: where the servers keep photos, and who may be an operator. */
export type HostAbuseContext = AbuseContext & {
  /** `<DATA_DIR>/storage` of the servers (local photo storage, shared by both on PostgreSQL). */
  storageDir: string
  /** An address of OPERATOR_EMAILS: it becomes an operator once its mailbox is confirmed. */
  operatorEmail: string
}

export type Session = { authorization: string }
export type Listing = { id: string; version: number; status: string; cabinId: string | null }

let addresses = 0
/** A client address of its own (TRUST_PROXY is 127.0.0.1): per-address limits stay out of the way. */
export const newAddress = () => {
  addresses += 1
  return { 'x-forwarded-for': `198.18.${(addresses >> 8) & 255}.${addresses & 255}` }
}
export const base = (ctx: AbuseContext, i = 0) => server(ctx, i)

/** Registers a client and signs it in; its session. */
async function register(ctx: HostAbuseContext, email: string): Promise<Session> {
  const password = 'clave-anfitrion-1'
  const res = await call(base(ctx), 'POST', '/auth/register', {
    headers: newAddress(),
    body: {
      firstName: 'Lupe',
      lastName: 'Abuso',
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  })
  const token = (res.json.data as { token?: string } | undefined)?.token
  if (res.status !== 201 || !token) throw new Error(`registro de ${email}: ${res.status}`)
  ctx.secrets.push(token)
  return { authorization: `Bearer ${token}` }
}

/** A new client who became a host ('Publica tu cabaña'). */
export async function newHost(ctx: HostAbuseContext, label: string): Promise<Session> {
  const session = await register(ctx, uniqueEmail(label))
  const res = await call(base(ctx), 'POST', '/api/hosts/me', {
    headers: { ...session, ...newAddress() },
    body: { displayName: 'Cabañas del Abuso', phone: '5512345678', clabe: '012180012345678909' },
  })
  if (res.status !== 201) throw new Error(`perfil de anfitrión: ${res.status}`)
  return session
}

/** The OPERATOR_EMAILS account: registered, its mailbox confirmed with the link mailed to it. */
export async function newOperator(ctx: HostAbuseContext): Promise<Session> {
  const session = await register(ctx, ctx.operatorEmail)
  const link = await waitFor(async () => {
    const mails = await readOutboxMails(ctx.outboxDir, ctx.operatorEmail)
    const text = mails.map((mail) => mail.text ?? '').join('\n')
    return /\/verificar-correo#token=([\w%-]+)/.exec(text)?.[1]
  }, 30_000)
  if (!link) throw new Error('sin correo de confirmación para el operador')
  const token = decodeURIComponent(link)
  ctx.secrets.push(token)
  const res = await call(base(ctx), 'POST', '/auth/verify-email', { headers: session, body: { token } })
  // The confirmation answers the session that replaces every older one.
  const renewed = (res.json.data as { token?: string } | undefined)?.token
  if (res.status !== 200 || !renewed) throw new Error(`confirmación del operador: ${res.status}`)
  ctx.secrets.push(renewed)
  return { authorization: `Bearer ${renewed}` }
}

export const photoPart = (body: Buffer, filename = 'IMG_0001.jpg') => ({
  name: 'photos',
  filename,
  contentType: 'image/jpeg',
  body,
})

/** POST /api/photos with these parts, whole, from the session's own address. */
export function upload(ctx: AbuseContext, session: Session, parts: ReturnType<typeof photoPart>[], i = 0) {
  const { contentType, body } = multipartBody(parts)
  return call(base(ctx, i), 'POST', '/api/photos', {
    headers: { ...session, ...newAddress(), 'content-type': contentType },
    body,
  })
}

/** Ids of `count` photos the host uploaded (one request, as the editor sends them). */
export async function uploadPhotos(ctx: AbuseContext, session: Session, count: number): Promise<string[]> {
  const photo = await solidPhoto(800, 533)
  const res = await upload(
    ctx,
    session,
    Array.from({ length: count }, () => photoPart(photo)),
  )
  if (res.status !== 201) throw new Error(`fotos: ${res.status}`)
  return (res.json.photos as { id: string }[]).map((p) => p.id)
}

export type StreamedAnswer = {
  status: number | null
  json: Record<string, unknown>
  sent: number
  ms: number
}

/**
 * POST /api/photos with one file of `size` bytes streamed up to 1 MB at a time (`bytes` gives each
 * piece), read as it comes: it stops sending when the answer arrives. `dropAfter`: the connection is
 * destroyed once that many bytes of the file went out, with no answer awaited (a phone losing signal).
 */
export function streamUpload(
  url: string,
  headers: Record<string, string>,
  {
    size,
    bytes,
    dropAfter,
  }: { size: number; bytes: (offset: number, length: number) => Buffer; dropAfter?: number },
): Promise<StreamedAnswer> {
  const { contentType, head, tail } = multipartEnvelope({
    name: 'photos',
    filename: 'foto.jpg',
    contentType: 'image/jpeg',
  })
  const target = new URL('/api/photos', url)
  const started = performance.now()
  return new Promise((resolve) => {
    let sent = 0
    let settled = false
    const settle = (status: number | null, json: Record<string, unknown> = {}) => {
      if (settled) return
      settled = true
      resolve({ status, json, sent, ms: Math.round(performance.now() - started) })
      req.destroy()
    }
    const req = http.request({
      host: target.hostname,
      port: target.port,
      method: 'POST',
      path: target.pathname,
      headers: {
        ...headers,
        'content-type': contentType,
        'content-length': String(head.length + size + tail.length),
      },
    })
    req.on('response', (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      res.on('end', () => settle(res.statusCode ?? null, parseJson(text)))
      res.on('error', () => settle(res.statusCode ?? null, parseJson(text)))
    })
    req.on('error', () => settle(null))
    req.write(head)
    const pump = () => {
      while (!settled && sent < size) {
        if (dropAfter !== undefined && sent >= dropAfter) return settle(null)
        const chunk = bytes(sent, Math.min(1 << 20, size - sent, (dropAfter ?? size) - sent))
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!settled) req.end(tail)
    }
    pump()
  })
}

function parseJson(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return {}
  }
}

/** Every file under the photo storage (relative paths, sorted): what an upload left behind. */
export async function storedFiles(storageDir: string): Promise<string[]> {
  const walk = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
    const nested = await Promise.all(
      entries.map((entry) =>
        entry.isDirectory()
          ? walk(path.join(dir, entry.name))
          : Promise.resolve([path.join(dir, entry.name)]),
      ),
    )
    return nested.flat()
  }
  return (await walk(storageDir)).map((file) => path.relative(storageDir, file)).sort()
}

export const sameFiles = (a: string[], b: string[]) =>
  a.length === b.length && a.every((file, i) => file === b[i])

const listingOf = (answer: Answer) => answer.json.listing as Listing

export async function readListing(ctx: AbuseContext, session: Session, id: string) {
  const res = await call(base(ctx), 'GET', LISTING_API.one(id), { headers: session })
  return res.json.listing as Listing & { draft: Record<string, Record<string, unknown>> }
}

/** A new listing with every step of a complete one (these photos); optionally submitted and approved. */
export async function newListing(
  ctx: AbuseContext,
  host: Session,
  photoIds: string[],
  { publishWith }: { publishWith?: Session } = {},
): Promise<Listing> {
  const created = await call(base(ctx), 'POST', LISTING_API.mine, { headers: host })
  let listing = listingOf(created)
  const draft = completeListing(photoIds)
  for (const step of LISTING_STEPS) {
    const res = await call(base(ctx), 'PUT', LISTING_API.step(listing.id, step), {
      headers: host,
      body: { value: draft[step], version: listing.version },
    })
    if (res.status !== 200) throw new Error(`paso ${step}: ${res.status}`)
    listing = listingOf(res)
  }
  if (!publishWith) return listing
  const submitted = await call(base(ctx), 'POST', LISTING_API.submit(listing.id), { headers: host })
  if (submitted.status !== 200) throw new Error(`enviar a revisión: ${submitted.status}`)
  const approved = await call(base(ctx), 'POST', LISTING_API.approve(listing.id), { headers: publishWith })
  if (approved.status !== 200) throw new Error(`aprobar: ${approved.status}`)
  return listingOf(approved)
}
