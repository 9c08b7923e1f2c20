import { LISTING_API, LISTING_STEPS } from '@cabanas/domain/listings'
import type { Database } from '../../../apps/api/src/db/client.ts'
import { completeListing } from '../../../apps/api/src/test/listing-fixtures.ts'
import { type Account, plantOperator } from '../accounts.ts'
import { multipartBody } from '../multipart.ts'
import type { FuzzContext, FuzzListing } from './context.ts'
import type { SetupCall } from './setup.ts'

/** The operator of the run, written into the database before the server starts (accounts.ts). */
export async function plantFuzzOperator(db: Database, seed: number): Promise<Account> {
  const operator = { email: `fuzz-operador-${seed}@example.com`, password: 'contraseña-del-operador-fuzz' }
  await plantOperator(db, operator)
  return operator
}

/** A live session for the operator: kept, else a new login. */
export async function ensureOperatorSession(call: SetupCall, ctx: FuzzContext): Promise<void> {
  const operator = ctx.operator
  if (!operator) return
  if (operator.token) {
    const check = await call('GET', '/auth/check', { headers: { authorization: `Bearer ${operator.token}` } })
    if (check.status === 200) return
  }
  const login = await call('POST', '/auth/login', {
    body: { email: operator.email, password: operator.password },
  })
  const token = (login.json.data as { token?: string } | undefined)?.token
  operator.token = login.status === 200 && token ? token : null
  if (operator.token) ctx.session.issued.push(operator.token)
}

type ListingAnswer = { listing?: { id?: string; version?: number } }

/**
 * The fuzz account's host side: it becomes a host, uploads five photos (one multipart request, as the
 * editor sends them), and leaves a listing in each state: a draft with two steps, a submitted one, two
 * published ones (the operator approves them; one only for autosaves), and an empty draft for DELETE. Each step may fail: the
 * routes that need what it makes then get unknown ids (404s), and the notes say so.
 */
export async function prepareHostSide(call: SetupCall, ctx: FuzzContext): Promise<string[]> {
  const token = ctx.session.token
  if (!token) return ['SIN lado de anfitrión (sin sesión)']
  const host = { authorization: `Bearer ${token}` }
  // 409 when the account already is a host (a second run on the same database).
  await call('POST', '/api/hosts/me', {
    headers: host,
    body: { displayName: 'Cabañas Fuzz', phone: '5512345678', clabe: '012180012345678909' },
  })
  const photo = ctx.photo
  if (photo) {
    const files = Array.from({ length: 5 }, (_, i) => ({
      name: 'photos',
      filename: `IMG_000${i + 1}.jpg`,
      contentType: 'image/jpeg',
      body: photo,
    }))
    const upload = await call('POST', '/api/photos', { headers: host, raw: multipartBody(files) })
    const photos = (upload.json.photos as { id?: unknown }[] | undefined) ?? []
    ctx.host.photoIds = photos.map((photo) => photo.id).filter((id): id is string => typeof id === 'string')
  }
  const operator = ctx.operator?.token ? { authorization: `Bearer ${ctx.operator.token}` } : null
  const draft = completeListing(ctx.host.photoIds)
  const listingOf = (json: Record<string, unknown>): FuzzListing | null => {
    const listing = (json as ListingAnswer).listing
    return typeof listing?.id === 'string' && typeof listing.version === 'number'
      ? { id: listing.id, version: listing.version }
      : null
  }
  const create = async () => listingOf((await call('POST', LISTING_API.mine, { headers: host })).json)
  const fill = async (listing: FuzzListing | null, steps: readonly (keyof typeof draft)[]) => {
    let current = listing
    for (const step of steps) {
      if (!current) return null
      const body = { value: draft[step], version: current.version }
      current = listingOf(
        (await call('PUT', LISTING_API.step(current.id, step), { headers: host, body })).json,
      )
    }
    return current
  }
  const act = async (
    listing: FuzzListing | null,
    path: (id: string) => string,
    headers: Record<string, string> | null,
  ) => (listing && headers ? listingOf((await call('POST', path(listing.id), { headers })).json) : null)

  const complete = ctx.host.photoIds.length >= 5
  const submit = async () =>
    complete ? await act(await fill(await create(), LISTING_STEPS), LISTING_API.submit, host) : null
  const publish = async () => act(await submit(), LISTING_API.approve, operator)
  ctx.host.listings = {
    draft: await fill(await create(), ['type', 'description']),
    submitted: await submit(),
    // Paused and published again by its host, so the success path of both is taken at least once:
    // the run soon spends the host's 30 listing writes an hour, and then those routes answer 429.
    published: await act(await act(await publish(), LISTING_API.pause, host), LISTING_API.unpause, host),
    edited: await publish(),
    deletable: await create(),
  }
  const made = Object.entries(ctx.host.listings).filter(([, listing]) => listing !== null)
  return [
    `${ctx.host.photoIds.length} fotos del anfitrión`,
    `anuncios: ${made.map(([state]) => state).join(', ') || 'ninguno'}`,
    ctx.operator?.token ? 'sesión de operador lista' : 'SIN sesión de operador',
  ]
}
