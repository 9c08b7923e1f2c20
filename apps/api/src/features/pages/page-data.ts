import type { PageData, PageDataFailure } from '@cabanas/contracts/ssr'
import { isDestinationSlug } from '@cabanas/domain/catalog'
import { QuoteRequestSchema } from '@cabanas/domain/quotes'
import { searchQueryOf } from '@cabanas/domain/search'
import { DomainError, messages } from '@cabanas/domain/shared'
import type { FastifyInstance } from 'fastify'
import { errorBody, statusOf } from '../../plugins/errors.ts'
import { cabinCalendarResponse } from '../availability/availability.responses.ts'
import { cabinResponse, destinationPageResponse, destinationsResponse } from '../catalog/catalog.responses.ts'
import { answerQuote } from '../quotes/quote-answer.ts'
import { searchResponse } from '../search/search.routes.ts'

/**
 * The data of the server-rendered pages: the same functions the JSON routes answer with, called
 * in-process (never an HTTP request to ourselves).
 */
export function pageData(app: FastifyInstance): PageData {
  return {
    cabin: (id) => cabinResponse(app.db, id),
    destinations: () => destinationsResponse(app.db),
    destination: async (slug) => (isDestinationSlug(slug) ? destinationPageResponse(app.db, slug) : null),
    search: async (request) => {
      try {
        // The results page's address, read once by the renderer: checked here, never written as a
        // query string and parsed again.
        const query = searchQueryOf(request, { today: app.clock.today(), now: app.clock.now() })
        return await searchResponse(app, query)
      } catch (error) {
        throw asPageDataFailure(error)
      }
    },
    cabinCalendar: (cabinId) => cabinCalendarResponse(app, cabinId),
    quote: async (body) => {
      // What the route's schema would refuse is refused the same way (the renderer builds valid bodies).
      const request = QuoteRequestSchema.safeParse(body)
      if (!request.success) {
        const message = request.error.issues[0]?.message ?? messages.invalidRequest
        return { status: statusOf('VALIDATION_ERROR'), body: errorBody('VALIDATION_ERROR', message) }
      }
      const { status, body: answer } = await answerQuote(app, request.data)
      return { status, body: answer }
    },
  }
}

/** A refusal of ours (DomainError) as the route would answer it: its status and body. */
function asPageDataFailure(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error
  const failure: PageDataFailure = Object.assign(new Error(error.message), {
    status: statusOf(error.code),
    body: errorBody(error.code, error.message),
  })
  return failure
}
