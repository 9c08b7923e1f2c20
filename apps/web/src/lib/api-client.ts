import type { ErrorCode } from '@cabanas/domain/shared'

/** Codes the client adds to the server's own error codes. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'HTTP_ERROR' | 'INVALID_RESPONSE'

/** Thrown for every failed request. UI copy is chosen by `code`, never by `message`. */
export class ApiError extends Error {
  readonly status: number
  readonly code: ErrorCode | ClientErrorCode | (string & {})
  readonly body: unknown

  constructor({
    status,
    code,
    message,
    body,
  }: { status: number; code: string; message: string; body?: unknown }) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.body = body
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/**
 * What the client needs of a schema: zod (classic or mini) schemas fit. Typing it this narrowly keeps
 * zod out of the entry chunk: only the feature chunks that parse a response bring their schemas.
 */
export type ResponseSchema<T> = {
  safeParse(data: unknown): { success: true; data: T } | { success: false }
}

/**
 * A response schema whose code loads with the first request that needs it. A public page's first view
 * reads the data the server rendered it with and parses nothing: zod (~15 KB gzip) would only delay it.
 * The schema module is fetched alongside the page's first request of that kind (`lazySchema`).
 */
export type LazyResponseSchema<T> = { loadSchema(): Promise<ResponseSchema<T>> }

/** What a request is parsed with: a schema, or one loaded on first use. */
export type ResponseSchemaSource<T> = ResponseSchema<T> | LazyResponseSchema<T>

/** A lazily loaded schema: `load` runs once, and again after a failure (the link dropped). */
export function lazySchema<T>(load: () => Promise<ResponseSchema<T>>): LazyResponseSchema<T> {
  let loading: Promise<ResponseSchema<T>> | undefined
  return {
    loadSchema() {
      loading ??= load().catch((error: unknown) => {
        loading = undefined
        throw error
      })
      return loading
    },
  }
}

function loadSchemaOf<T>(source: ResponseSchemaSource<T>): Promise<ResponseSchema<T>> {
  return 'loadSchema' in source ? source.loadSchema() : Promise.resolve(source)
}

/** A body produced in-process (server rendering) read like a fetched one; a mismatch is a bug. */
export function parseOrThrow<T>(schema: ResponseSchema<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    throw new ApiError({ status: 500, code: 'INVALID_RESPONSE', message: `Invalid ${what}`, body })
  }
  return parsed.data
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>

export type RequestOptions = {
  query?: QueryParams
  headers?: Record<string, string>
  signal?: AbortSignal | undefined
}

/** The header that carries a session token. */
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export function apiGet<T>(
  path: string,
  schema: ResponseSchemaSource<T>,
  options: RequestOptions = {},
): Promise<T> {
  return apiRequest('GET', path, schema, undefined, options)
}

export function apiPost<T>(
  path: string,
  body: unknown,
  schema: ResponseSchemaSource<T>,
  options: RequestOptions = {},
): Promise<T> {
  return apiRequest('POST', path, schema, body, options)
}

export function apiPut<T>(
  path: string,
  body: unknown,
  schema: ResponseSchemaSource<T>,
  options: RequestOptions = {},
): Promise<T> {
  return apiRequest('PUT', path, schema, body, options)
}

export function apiDelete<T>(
  path: string,
  schema: ResponseSchemaSource<T>,
  options: RequestOptions = {},
): Promise<T> {
  return apiRequest('DELETE', path, schema, undefined, options)
}

async function apiRequest<T>(
  method: Method,
  path: string,
  source: ResponseSchemaSource<T>,
  body: unknown,
  { query, headers, signal }: RequestOptions,
): Promise<T> {
  // A lazy schema loads while the request is on its way; its failure is the request's, awaited below.
  const schemaReady = loadSchemaOf(source)
  schemaReady.catch(() => {})
  const init: RequestInit = {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
  }
  if (body !== undefined) init.body = JSON.stringify(body)
  if (signal) init.signal = signal

  let response: Response
  try {
    response = await fetch(withQuery(path, query), init)
  } catch (error) {
    if (isAbort(error, signal)) throw error
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error occurred' })
  }

  const json = await readJson(response, signal)
  if (!response.ok) throw toApiError(response.status, json)

  let schema: ResponseSchema<T>
  try {
    schema = await schemaReady
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error occurred' })
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: `Invalid response from ${method} ${path}`,
      body: json,
    })
  }
  return parsed.data
}

/**
 * A file the API sends (a CSV, a calendar), fetched rather than linked: credentials travel in
 * headers, never in a URL. A failure is an ApiError; an error's body is not read.
 */
export async function apiGetFile(
  path: string,
  accept: string,
  headers: Record<string, string>,
): Promise<Blob> {
  let response: Response
  try {
    response = await fetch(path, { headers: { Accept: accept, ...headers } })
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error occurred' })
  }
  if (!response.ok) {
    throw new ApiError({
      status: response.status,
      code: 'HTTP_ERROR',
      message: `HTTP Error: ${response.status}`,
    })
  }
  return response.blob()
}

function withQuery(path: string, query: QueryParams | undefined): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

/**
 * The body as JSON (or as text when it is not JSON). A body cut short (the connection dropped while it
 * arrived) is a network failure for an answer that succeeded, which it would otherwise fail as malformed;
 * a refusal keeps its status, without its body.
 */
async function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  if (response.status === 204) return undefined
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    if (isAbort(error, signal)) throw error
    if (!response.ok) return undefined
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network error occurred' })
  }
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** A string field of an error body, read leniently: any field may be missing or of another type. */
function textField(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const value = (body as Record<string, unknown>)[key]
  if (typeof value === 'string') return value
  if (typeof value === 'number' && key === 'error_code') return String(value)
  return undefined
}

/**
 * A server-rendering data function's rejection (domain's PageDataFailure: the status and body its route
 * would answer) read like a fetched error response; null for anything else.
 */
export function apiErrorOf(failure: unknown): ApiError | null {
  if (typeof failure !== 'object' || failure === null) return null
  const { status, body } = failure as { status?: unknown; body?: unknown }
  return typeof status === 'number' && status >= 400 ? toApiError(status, body) : null
}

/** `{ success: false, error, errorType, message }` (or a payment provider's `error_code`) → ApiError. */
function toApiError(status: number, body: unknown): ApiError {
  return new ApiError({
    status,
    code:
      textField(body, 'errorType') ??
      textField(body, 'code') ??
      textField(body, 'error_code') ??
      'HTTP_ERROR',
    message: textField(body, 'message') || textField(body, 'error') || `HTTP Error: ${status}`,
    body,
  })
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError')
}
