import { vi } from 'vitest'

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/** Replaces `fetch` for one test. The handler sees the URL resolved against the page origin. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const raw = input instanceof Request ? input.url : String(input)
    return Promise.resolve(handler(new URL(raw, window.location.origin), init))
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}
