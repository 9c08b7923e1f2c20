// What every mutation works on: the request being built (Draft), and the small readers and writers of
// its headers, JSON body and query that several mutation families share.
import type { FuzzContext, RouteSpec } from './context.ts'
import { encodeSegment, type Json, RawJson, toJsonText } from './hostile.ts'
import type { Random } from './random.ts'

/** One request of the run, fully decided before it is sent. */
export type FuzzRequest = {
  index: number
  /** The route it aims at, for the report ('POST /payments/charge', 'GET <static file>', …). */
  route: string
  method: string
  /** As written on the request line, query included. */
  path: string
  headers: [string, string][]
  body?: Buffer
  /** The whole request as bytes, for what an HTTP client refuses to send; sent on its own socket. */
  raw?: Buffer
  /** What is hostile about it, in a few words (never the value itself). */
  mutation: string
}

/** What a request aims at: a known route, the SPA's static files, or no route at all. */
export type Target = { key: string } & (
  | { kind: 'route'; spec: RouteSpec }
  | { kind: 'static' | 'not-found'; spec: null }
)

export type GenerateOptions = {
  seed: number
  /** The server trusts X-Forwarded-For from 127.0.0.1: spread requests over many client addresses. */
  spreadAddresses: boolean
  /** Requests 0..n of the run are the method sweep (methodSweep). */
  sweepMethods: boolean
}

/** A request being built: the body is still a value until the end. */
export type Draft = Omit<FuzzRequest, 'body'> & {
  spec: RouteSpec | null
  query: [string, string][] | null
  /** The path with its params filled in, before the query. */
  pathname: string
  params: Record<string, string>
  json: Json | undefined
  /** A body as bytes decided by a mutation (wins over json). */
  bodyBytes: Buffer | null
  contentType: string | null
  /** A hand-written query string (wins over query). */
  rawQuery: string | null
}

export type Mutation = (draft: Draft, ctx: FuzzContext, random: Random) => string

export const hasHeader = (headers: [string, string][], name: string) =>
  headers.some(([key]) => key.toLowerCase() === name)

export const setHeader = (headers: [string, string][], name: string, value: string) => {
  const kept = headers.filter(([key]) => key.toLowerCase() !== name.toLowerCase())
  kept.push([name, value])
  headers.splice(0, headers.length, ...kept)
}

/** Every path to a value inside a JSON value (objects and arrays), root excluded. */
export function valuePaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || value instanceof RawJson) return []
  // Key and value together: a value may be JSON null (the mutations write it on purpose).
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value)
  return entries.flatMap(([key, item]) => {
    const path = [...prefix, key]
    return [path, ...valuePaths(item, path)]
  })
}

/** The key a path from valuePaths ends with (such a path is never empty: the root is not one). */
export function lastKey(path: readonly (string | number)[]): string | number {
  const key = path[path.length - 1]
  if (key === undefined) throw new Error('a path inside a JSON value has at least one key')
  return key
}

export function parentOf(root: Json, path: (string | number)[]): Record<string | number, Json> {
  let node = root as Record<string | number, Json>
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, Json>
  return node
}

export const realIdsOf = (ctx: FuzzContext) => [
  ...ctx.cabins.slice(0, 5).map((cabin) => cabin.id),
  ...(ctx.reservation ? [ctx.reservation.id] : []),
  // Ids of another kind where one is expected: a listing's for a cabin's, a photo's for a listing's.
  ...Object.values(ctx.host.listings).flatMap((listing) => (listing ? [listing.id] : [])),
  ...ctx.host.photoIds.slice(0, 1),
]

export function jsonText(draft: Draft): string {
  return draft.json === undefined ? '{}' : toJsonText(draft.json)
}

export function queryPairs(draft: Draft): [string, string][] {
  return draft.query ? draft.query.map(([key, value]) => [key, value] as [string, string]) : []
}

export const encodePairs = (pairs: [string, string][]) =>
  pairs.map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`).join('&')
