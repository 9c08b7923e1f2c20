import { HttpResponse, http } from 'msw'
import { type MockInstance, vi } from 'vitest'
import { server } from './msw-server'

/** What a handler sees of a request: its method, headers and body (text, or FormData for a multipart form). */
type RequestSeen = { method: string; headers: Headers; body: string | FormData | undefined }
type Handler = (url: URL, init: RequestSeen) => Response | Promise<Response>

let recorder: MockInstance<typeof fetch> | undefined

/**
 * Answers every request of one test with `handler`, through an MSW handler (msw-server.ts). The handler
 * sees the URL resolved against the page origin; a handler that throws or rejects is a network failure
 * (`fetch` rejects). The returned spy records each `fetch` call as the app made it (relative URL, the
 * headers and body it passed), for tests that assert what was sent; it calls through to MSW.
 * New tests may as well use `server.use(http.get(...))` and assert what the page shows.
 */
export function mockFetch(handler: Handler) {
  server.use(
    http.all('*', async ({ request }) => {
      const seen: RequestSeen = {
        method: request.method,
        headers: request.headers,
        body: await bodyOf(request),
      }
      try {
        return await handler(new URL(request.url), seen)
      } catch {
        return HttpResponse.error()
      }
    }),
  )
  recorder?.mockRestore()
  recorder = vi.spyOn(globalThis, 'fetch')
  return recorder
}

/** Called after each test (setup.ts): `fetch` is MSW's again, for the next test's handlers. */
export function restoreFetch() {
  recorder?.mockRestore()
  recorder = undefined
}

async function bodyOf(request: Request): Promise<string | FormData | undefined> {
  if (request.body === null) return undefined
  const type = request.headers.get('Content-Type') ?? ''
  return type.startsWith('multipart/form-data') ? request.formData() : request.text()
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}
