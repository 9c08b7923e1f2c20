/*
 * Test helpers of the listing routes (issue 21): an API to call (one app in this process, or a server
 * process over HTTP), hosts and operators with sessions, and filling in a listing step by step (the
 * listing itself and the uploads it refers to: listing-fixtures.ts).
 */

import { LISTING_API, LISTING_STEPS, type ListingStep } from '@cabanas/domain/listings'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Database } from '../db/client.ts'
import { listings, operators } from '../db/schema.ts'
import { approveListing } from '../features/listings/listings.service.ts'
import { insertClient } from './factories.ts'
import { must } from './must.ts'

// biome-ignore lint/suspicious/noExplicitAny: read like app.inject's res.json(), by the test that knows the route
export type ApiAnswer = { status: number; body: string; json(): any }
export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  token?: string | null
  body?: unknown
  /** A raw body instead of JSON (hostile bodies). */
  rawBody?: string
}
/** One API process as a test sees it: a request in, the answer out. */
export type Api = (request: ApiRequest) => Promise<ApiAnswer>

let addresses = 0
/** Each request from an address of its own: per-address limits are not what these files test. */
const nextAddress = () => {
  addresses += 1
  return `10.2.${(addresses >> 8) & 255}.${addresses & 255}`
}

export function injectApi(app: FastifyInstance): Api {
  return async ({ method = 'GET', url, token, body, rawBody }) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined || rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(rawBody !== undefined
        ? { payload: rawBody }
        : body !== undefined
          ? { payload: JSON.stringify(body) }
          : {}),
      remoteAddress: nextAddress(),
    })
    return { status: res.statusCode, body: res.body, json: () => res.json() }
  }
}

export function httpApi(baseUrl: string): Api {
  return async ({ method = 'GET', url, token, body, rawBody }) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined || rawBody !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(rawBody !== undefined
        ? { body: rawBody }
        : body !== undefined
          ? { body: JSON.stringify(body) }
          : {}),
    })
    const text = await res.text()
    return { status: res.status, body: text, json: () => JSON.parse(text) }
  }
}

export { sessionFor } from './session-test-kit.ts'

/** A client who became a host through the API (its CLABE sealed as in real life). */
export async function insertHost(
  db: Database,
  api: Api,
  session: (clientId: string) => Promise<string>,
  overrides: { displayName?: string; email?: string } = {},
) {
  const client = await insertClient(db, {
    isEmailVerified: true,
    ...(overrides.email ? { email: overrides.email } : {}),
  })
  const token = await session(client.id)
  const res = await api({
    method: 'POST',
    url: '/api/hosts/me',
    token,
    body: {
      displayName: overrides.displayName ?? 'Cabañas Doña Lupe',
      phone: '3398765432',
      clabe: '072320001122334455',
    },
  })
  expect(res.status, res.body).toBe(201)
  return { client, token }
}

export async function insertOperator(db: Database, session: (clientId: string) => Promise<string>) {
  const client = await insertClient(db, { isEmailVerified: true })
  await db.insert(operators).values({ clientId: client.id, grantedBy: 'command' })
  return { client, token: await session(client.id) }
}

/** Saves one step over the listing's current version; returns the answer. */
export async function saveStep(
  api: Api,
  token: string,
  { id, version }: { id: string; version: number },
  step: ListingStep,
  value: unknown,
) {
  return api({ method: 'PUT', url: LISTING_API.step(id, step), token, body: { value, version } })
}

/** A new draft filled in with every step of `draft`; returns the listing as last answered. */
export async function createFilledListing(api: Api, token: string, draft: Record<ListingStep, unknown>) {
  const created = await api({ method: 'POST', url: LISTING_API.mine, token })
  expect(created.status, created.body).toBe(201)
  let listing = created.json().listing
  for (const step of LISTING_STEPS) {
    const res = await saveStep(api, token, listing, step, draft[step])
    expect(res.status, `${step}: ${res.body}`).toBe(200)
    listing = res.json().listing
  }
  return listing as { id: string; version: number; status: string; cabinId: string | null }
}

/** Host fills, submits; operator approves: the published listing (with its cabinId). */
export async function publishListing(
  api: Api,
  { host, operator }: { host: string; operator: string },
  draft: Record<ListingStep, unknown>,
) {
  const listing = await createFilledListing(api, host, draft)
  const submitted = await api({ method: 'POST', url: LISTING_API.submit(listing.id), token: host })
  expect(submitted.status, submitted.body).toBe(200)
  const approved = await api({ method: 'POST', url: LISTING_API.approve(listing.id), token: operator })
  expect(approved.status, approved.body).toBe(200)
  return approved.json().listing as { id: string; version: number; status: string; cabinId: string }
}

/**
 * A host's listing published without the editor: written submitted with `draft`, then approved by
 * `operatorId` as the console would (the cabin and its seasons exist from then on).
 */
export async function plantPublishedListing(
  db: Database,
  { hostId, operatorId, draft }: { hostId: string; operatorId: string; draft: Record<ListingStep, unknown> },
) {
  const [row] = await db
    .insert(listings)
    .values({ hostId, draft: draft as never, status: 'submitted', submittedAt: new Date() })
    .returning({ id: listings.id })
  const published = await approveListing(db, {
    id: must(row, 'row').id,
    actor: { clientId: operatorId, role: 'operator' },
  })
  return { listingId: published.id, cabinId: must(published.cabinId, 'published.cabinId') }
}
