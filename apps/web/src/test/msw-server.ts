import { setupServer } from 'msw/node'

/**
 * The network of every web test: MSW answers `fetch` with the handlers a test adds
 * (`server.use(http.get('/api/…', () => HttpResponse.json(body)))`, or `mockFetch` in fetch-mock.ts).
 * A request no handler answers fails the test (`onUnhandledRequest: 'error'` in setup.ts).
 */
export const server = setupServer()
