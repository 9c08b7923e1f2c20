import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { z } from 'zod'
import { jsonResponse, mockFetch } from '../test/fetch-mock'
import { must } from '../test/must'
import { ApiError, apiGet, apiPost, lazySchema } from './api-client'

const PingSchema = z.object({ ok: z.boolean() })

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!(error instanceof ApiError)) throw new Error(`Expected an ApiError, got ${String(error)}`)
  return error
}

describe('apiGet', () => {
  it('returns the body parsed with the schema and sends the query', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true, extra: 'dropped' }))

    await expect(
      apiGet('/ping', PingSchema, { query: { limit: 10, offset: 0, q: undefined } }),
    ).resolves.toEqual({
      ok: true,
    })
    expect(must(fetchMock.mock.calls[0], 'fetchMock.mock.calls[0]')[0]).toBe('/ping?limit=10&offset=0')
  })

  it('maps an error body to status, code and message', async () => {
    const message = 'La cabaña no fue encontrada'
    mockFetch(() =>
      jsonResponse({ success: false, error: message, errorType: 'CABIN_NOT_FOUND', message }, 404),
    )

    const error = await caught(apiGet('/habitaciones/x', PingSchema))
    expect(error).toMatchObject({ status: 404, code: 'CABIN_NOT_FOUND', message })
  })

  it('falls back to the error text when the body has no message', async () => {
    mockFetch(() =>
      jsonResponse({ success: false, error: 'Demasiadas solicitudes', errorType: 'RATE_LIMITED' }, 429),
    )

    const error = await caught(apiGet('/ping', PingSchema))
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Demasiadas solicitudes' })
  })

  it.each([
    ['an HTML page', new Response('<h1>Bad gateway</h1>', { status: 502 }), 502],
    ['an empty body', new Response(null, { status: 503 }), 503],
    ['JSON without error fields', jsonResponse({ unexpected: true }, 500), 500],
  ])('uses "HTTP Error: {status}" for %s', async (_, response, status) => {
    mockFetch(() => response)

    const error = await caught(apiGet('/ping', PingSchema))
    expect(error).toMatchObject({ status, code: 'HTTP_ERROR', message: `HTTP Error: ${status}` })
  })

  it('reports a network failure as status 0', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')))

    const error = await caught(apiGet('/ping', PingSchema))
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', message: 'Network error occurred' })
  })

  it.each([
    [200, { status: 0, code: 'NETWORK_ERROR' }],
    [404, { status: 404, code: 'HTTP_ERROR' }],
  ])('takes a %i whose body was cut short as %o', async (status, expected) => {
    // The connection drops while the body arrives: reading it rejects.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"ok":'))
        controller.error(new TypeError('network error'))
      },
    })
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status }))
    onTestFinished(() => spy.mockRestore())

    const error = await caught(apiGet('/ping', PingSchema))
    expect(error).toMatchObject(expected)
  })

  it('rejects a successful response that does not match the schema', async () => {
    mockFetch(() => jsonResponse({ ok: 'yes' }))

    const error = await caught(apiGet('/ping', PingSchema))
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' })
  })

  it('lets an aborted request fail as an abort, not as a network error', async () => {
    const controller = new AbortController()
    controller.abort()
    mockFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')))

    await expect(apiGet('/ping', PingSchema, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
  })
})

describe('apiPost', () => {
  it('sends the body as JSON', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }))
    const body = { habitacionId: 'c1', checkIn: '2026-07-01', checkOut: '2026-07-03', guests: 2 }

    await apiPost('/reservas/cotizar', body, PingSchema)

    const init = must(
      must(fetchMock.mock.calls[0], 'fetchMock.mock.calls[0]')[1],
      'fetchMock.mock.calls[0]![1]',
    )
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json')
    expect(JSON.parse(String(init.body))).toEqual(body)
  })
})

describe('lazySchema', () => {
  it('parses with a schema that loads with the first request, and loads it once', async () => {
    mockFetch(() => jsonResponse({ ok: true, extra: 'dropped' }))
    let loads = 0
    const schema = lazySchema(async () => {
      loads++
      return PingSchema
    })

    await expect(apiGet('/ping', schema)).resolves.toEqual({ ok: true })
    await expect(apiGet('/ping', schema)).resolves.toEqual({ ok: true })
    expect(loads).toBe(1)
  })

  it('makes a schema that did not load a network error, and loads it again on the next request', async () => {
    mockFetch(() => jsonResponse({ ok: true }))
    let loads = 0
    const schema = lazySchema(async () => {
      loads++
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return PingSchema
    })

    expect(await caught(apiGet('/ping', schema))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
    await expect(apiGet('/ping', schema)).resolves.toEqual({ ok: true })
    expect(loads).toBe(2)
  })

  it('still reports an error answer by its code when the schema did not load', async () => {
    mockFetch(() => jsonResponse({ success: false, error: 'No', errorType: 'NOT_AVAILABLE' }, 409))
    const schema = lazySchema(() => Promise.reject(new TypeError('offline')))

    expect(await caught(apiGet('/ping', schema))).toMatchObject({ status: 409, code: 'NOT_AVAILABLE' })
  })
})
