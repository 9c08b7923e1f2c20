import { DomainError } from '@cabanas/domain/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/client.ts'
import { sendError, statusOf } from './errors.ts'
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashRequestBody,
  linkIdempotencyKey,
  releaseIdempotencyKey,
} from './idempotency-keys.ts'

/** What the `Idempotency-Key` header may hold: 8 to 100 of `A-Za-z0-9_.:-`. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/

/** An answer to send, and to keep under the request's key. */
export type IdempotentAnswer = { statusCode: number; body: unknown; linkedId?: string | null }

/** The key as the handler sees it. */
export type IdempotentRun = {
  /** The request's key; null when it came without one (then nothing is kept). */
  key: string | null
  /**
   * Links the key to what the request made, in the transaction that made it. From then on a handler
   * that dies leaves the key in progress, linked: the retry that takes it over is answered by `resume`
   * from what was made, instead of making it twice.
   */
  link: (tx: Database, linkedId: string) => Promise<void>
}

export type IdempotencyOptions = {
  db: Database
  /** The refusals, in the route's own words: a malformed key, another body, the first still running. */
  messages: { badKey: string; mismatch: string; inProgress: string }
  /** A key in progress for longer than this belongs to a request that died: one retry takes it over. */
  abandonedAfterSeconds: number
  /** What the key keeps of a handler's answer (default: the body as is); a refusal is kept as written. */
  store?: (body: unknown, key: string) => unknown
  /** What a replay sends of what the key kept, a refusal included (default: as kept). */
  replay?: (stored: unknown, key: string) => unknown
  /** The retry of a request that died after `link`: an answer from what was linked, or null to run anew. */
  resume?: (linkedId: string) => Promise<IdempotentAnswer | null>
}

/**
 * Runs a route's handler under the request's `Idempotency-Key` header (docs/decisions.md): the first
 * request claims the key and its answer is kept; a repeat with the same body gets that answer again
 * (`Idempotent-Replayed: true`) without running the handler; a repeat with another body is refused
 * (409 IDEMPOTENCY_MISMATCH), and so is one while the first is still running (409
 * IDEMPOTENCY_IN_PROGRESS). A refusal (a DomainError) is an answer and is kept too, except 429: a
 * moment later the same request may go through, so the key is released. Any other failure releases
 * the key so that a retry runs again, unless the handler had linked it. Without the header the
 * handler just runs; a malformed header is a 400.
 */
export async function withIdempotencyKey(
  request: FastifyRequest,
  reply: FastifyReply,
  options: IdempotencyOptions,
  handler: (run: IdempotentRun) => Promise<IdempotentAnswer>,
): Promise<FastifyReply> {
  const { db, messages } = options
  const header = request.headers['idempotency-key']
  const key = typeof header === 'string' ? header : undefined
  if (header !== undefined && (!key || !IDEMPOTENCY_KEY.test(key))) {
    return sendError(reply, 'VALIDATION_ERROR', messages.badKey)
  }
  if (!key) {
    const answer = await handler({ key: null, link: async () => {} })
    return reply.status(answer.statusCode).send(answer.body)
  }

  const store = options.store ?? ((body: unknown) => body)
  const claim = await claimIdempotencyKey(db, key, hashRequestBody(request.body), {
    abandonedAfterSeconds: options.abandonedAfterSeconds,
  })
  if (claim.kind === 'mismatch') return sendError(reply, 'IDEMPOTENCY_MISMATCH', messages.mismatch)
  if (claim.kind === 'in-progress') return sendError(reply, 'IDEMPOTENCY_IN_PROGRESS', messages.inProgress)
  if (claim.kind === 'replay') {
    const body = options.replay ? options.replay(claim.response, key) : claim.response
    return reply.status(claim.statusCode).header('idempotent-replayed', 'true').send(body)
  }
  if (claim.kind === 'taken-over' && claim.linkedId) {
    const answer = (await options.resume?.(claim.linkedId)) ?? null
    if (answer) {
      const response = store(answer.body, key)
      await completeIdempotencyKey(db, key, {
        statusCode: answer.statusCode,
        response,
        linkedId: claim.linkedId,
      })
      return reply.status(answer.statusCode).send(answer.body)
    }
    // Nothing is left of what was linked: the request runs anew under this key.
    await linkIdempotencyKey(db, key, null)
  }

  let linked = false
  const run: IdempotentRun = {
    key,
    link: async (tx, linkedId) => {
      linked = true
      await linkIdempotencyKey(tx, key, linkedId)
    },
  }
  try {
    const answer = await handler(run)
    const response = store(answer.body, key)
    await completeIdempotencyKey(db, key, {
      statusCode: answer.statusCode,
      response,
      linkedId: answer.linkedId ?? null,
    })
    return reply.status(answer.statusCode).send(answer.body)
  } catch (error) {
    if (error instanceof DomainError && error.code === 'RATE_LIMITED') {
      await releaseIdempotencyKey(db, key)
    } else if (error instanceof DomainError) {
      // A refusal (dates, capacity, taken nights) is final for this request: remember it.
      await completeIdempotencyKey(db, key, {
        statusCode: statusOf(error.code),
        response: { success: false, error: error.message, errorType: error.code, message: error.message },
      })
    } else if (!linked) {
      await releaseIdempotencyKey(db, key)
    }
    throw error
  }
}
