import {
  checkStayDates,
  type QuoteRequest,
  type QuoteResponse,
  quoteMessages,
  quoteStay,
} from '@cabanas/domain/quotes'
import { DomainError } from '@cabanas/domain/shared'
import type { FastifyInstance } from 'fastify'
import { type ErrorBody, errorBody, statusOf } from '../../plugins/errors.ts'
import { findCabinForStay } from './quotes.queries.ts'

/** What POST /reservas/cotizar answers: the quote, or the refusal with its status. */
export type QuoteAnswer =
  | { ok: true; status: 200; body: QuoteResponse }
  | { ok: false; status: number; body: ErrorBody }

/**
 * The quote of a stay, as the route answers it. The route and the server-rendered cabin page (its
 * `PageData.quote`) both call this, so a page shows the very figures and refusals the route gives.
 */
export async function answerQuote(app: FastifyInstance, request: QuoteRequest): Promise<QuoteAnswer> {
  const { habitacionId, checkIn, checkOut, guests } = request
  try {
    const today = app.clock.today()
    const now = app.clock.now()
    // Dates first: they decide whether the stay can even be looked up (an arrival today closes at 15:00).
    checkStayDates({ checkIn, checkOut, today, now })
    // A quote reads the same read model as search (at most SEARCH_INDEX_MAX_STALENESS_MS old):
    // it is advice. The charge checks the database, whose exclusion constraint has the last word.
    await app.searchIndex.ensureFresh()
    const { index } = app.searchIndex
    const indexed = index.findCabin(habitacionId)
    const stay = { checkIn, checkOut, guests, today, now }
    let price: ReturnType<typeof quoteStay>
    if (indexed && index.isFree(indexed.id, checkIn, checkOut)) {
      price = quoteStay({ cabin: indexed, ...stay, isBooked: false })
    } else {
      // A refusal is confirmed by the database: the read model may not have a cabin published, or
      // nights released (a declined card, an unblocked weekend), in the last second yet.
      const cabin = await findCabinForStay(app.db, habitacionId, checkIn, checkOut)
      if (!cabin) throw new DomainError('CABIN_NOT_FOUND', quoteMessages.CABIN_NOT_FOUND)
      price = quoteStay({ cabin, ...stay, isBooked: !cabin.isFree })
    }
    const quote: QuoteResponse = {
      success: true,
      available: true,
      habitacionId,
      checkIn,
      checkOut,
      guests,
      nights: price.nights,
      pricing: {
        totalPrice: price.totalPrice,
        pricePerNight: price.pricePerNight,
        basePrice: price.lodging,
      },
      precioCalculado: { comisionServicio: price.serviceCommission },
      breakdown: price.breakdown,
      currency: 'MXN',
    }
    return { ok: true, status: 200, body: quote }
  } catch (error) {
    // Quote errors carry `available: false`, as the booking widget reads it (spec §3, §8).
    if (error instanceof DomainError) {
      const body = errorBody(error.code, error.message, undefined, { available: false })
      return { ok: false, status: statusOf(error.code), body }
    }
    throw error
  }
}
