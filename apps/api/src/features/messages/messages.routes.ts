import { hostMessages } from '@cabanas/domain/hosts'
import {
  isStayConfirmed,
  MESSAGE_MAX_LENGTH,
  type Message,
  type MessageSide,
  messageMessages,
  messageTextToStore,
  PostMessageRequestSchema,
  PostMessageResponseSchema,
  type Thread,
  type ThreadKind,
  ThreadListResponseSchema,
  ThreadParamsSchema,
  ThreadResponseSchema,
} from '@cabanas/domain/messages'
import { DomainError, messages, whatsappUrl } from '@cabanas/domain/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/client.ts'
import { requireSession } from '../../plugins/auth.ts'
import { errorResponses, invalidInput, refusal } from '../../plugins/error-responses.ts'
import { enqueueMail } from '../mail/mail-jobs.ts'
import {
  findThreadHead,
  insertMessage,
  listThreads,
  readThreadMessages,
  type ThreadHead,
  type ThreadRef,
} from './messages.queries.ts'

/** Messages one account may send in an hour, in all its threads. */
const MESSAGES_PER_ACCOUNT_HOUR = 30
/** Messages one account may send in one thread in a minute. */
const MESSAGES_PER_THREAD_MINUTE = 5
/** Messages sent from one address in an hour, whatever the account. */
const MESSAGES_PER_ADDRESS_HOUR = 120

const unauthorized = refusal('UNAUTHORIZED', messages.unauthorized)
const notHost = refusal('FORBIDDEN', hostMessages.notHost)
const notFound = refusal('NOT_FOUND', messageMessages.threadNotFound)
const noHost = refusal('NOT_FOUND', messageMessages.noHost)
const badId = invalidInput(ThreadParamsSchema, { id: 'x' })
const badBody = invalidInput(PostMessageRequestSchema, { body: ' ' })
const tooMany = refusal('RATE_LIMITED', messageMessages.tooMany)

/** The thread's path segment of each kind. */
const SEGMENTS: Record<ThreadKind, string> = { request: 'requests', reservation: 'reservations' }

/**
 * Messages between a guest and a host (issue 22): a thread per request to book and per reservation.
 * The guest's routes (/api/messages) open their own requests and reservations; the host's
 * (/api/hosts/me/messages) those of their cabins. Anyone else gets 404, the same as for a thread that
 * does not exist. Reading a thread marks the other side's messages read. Contact data crosses only
 * for a confirmed stay: the header's phone and WhatsApp link, and message texts as sent (before that,
 * hidden when stored: messageTextToStore). Each new message mails the other side (coalesced).
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  registerSide(app, { as: 'guest', prefix: '/api/messages', preHandler: app.requireClient })
  registerSide(app, { as: 'host', prefix: '/api/hosts/me/messages', preHandler: app.requireHost })
}

type Side = {
  as: MessageSide
  prefix: string
  preHandler: (request: FastifyRequest) => Promise<void>
}

function registerSide(app: Parameters<FastifyPluginAsyncZod>[0], { as, prefix, preHandler }: Side) {
  const guarded = as === 'host' ? [unauthorized, notHost] : [unauthorized]
  const who = as === 'guest' ? 'del huésped' : 'del anfitrión'

  const headOf = async (request: FastifyRequest, ref: ThreadRef) => {
    const clientId = requireSession(request).clientId
    const head = await findThreadHead(app.db, { ref, as, clientId })
    if (!head) throw new DomainError('NOT_FOUND', messageMessages.threadNotFound)
    if (!head.hostName) throw new DomainError('NOT_FOUND', messageMessages.noHost)
    return { clientId, head }
  }

  const limit = (reply: FastifyReply, clientId: string, ref: ThreadRef, address: string) =>
    app.enforceLimits(
      reply,
      [
        { key: `message-account:${clientId}`, limit: MESSAGES_PER_ACCOUNT_HOUR, windowSeconds: 3600 },
        { key: `message-thread:${ref.id}:${clientId}`, limit: MESSAGES_PER_THREAD_MINUTE, windowSeconds: 60 },
        { key: `message-ip:${address}`, limit: MESSAGES_PER_ADDRESS_HOUR, windowSeconds: 3600 },
      ],
      messageMessages.tooMany,
    )

  app.get(
    prefix,
    {
      preHandler,
      schema: {
        summary: `Las conversaciones ${who}: su último mensaje y cuántos no ha leído`,
        response: { 200: ThreadListResponseSchema, ...errorResponses(guarded) },
      },
    },
    async (request) => {
      const threads = await listThreads(app.db, { as, clientId: requireSession(request).clientId })
      return { success: true as const, data: { threads } }
    },
  )

  for (const kind of ['request', 'reservation'] as const) {
    const url = `${prefix}/${SEGMENTS[kind]}/:id`
    const what = kind === 'request' ? 'una solicitud de reserva' : 'una reservación'

    app.get(
      url,
      {
        preHandler,
        schema: {
          summary: `La conversación de ${what}, vista ${who} (marca leídos los mensajes del otro lado)`,
          params: ThreadParamsSchema,
          response: {
            200: ThreadResponseSchema,
            ...errorResponses([badId, ...guarded, notFound, noHost]),
          },
        },
      },
      async (request) => {
        const ref = { kind, id: request.params.id }
        const { head } = await headOf(request, ref)
        const thread = toThread(head, as, await readThreadMessages(app.db, { ref, as }))
        return { success: true as const, data: { thread } }
      },
    )

    app.post(
      url,
      {
        preHandler,
        schema: {
          summary: `Escribe en la conversación de ${what}, como ${as === 'guest' ? 'huésped' : 'anfitrión'}: el otro lado recibe un correo`,
          params: ThreadParamsSchema,
          body: PostMessageRequestSchema,
          response: {
            201: PostMessageResponseSchema,
            ...errorResponses([badId, badBody, ...guarded, notFound, noHost, tooMany]),
          },
        },
      },
      async (request, reply) => {
        const ref = { kind, id: request.params.id }
        const { clientId, head } = await headOf(request, ref)
        await limit(reply, clientId, ref, request.clientAddress)
        const stored = messageTextToStore(request.body.body, {
          confirmed: isConfirmed(head),
          maxLength: MESSAGE_MAX_LENGTH,
        })
        const { message, mail } = await app.db.transaction(async (tx) => {
          const result = await insertMessage(tx as unknown as Database, {
            ref,
            as,
            senderId: clientId,
            body: stored.text,
          })
          if (result.mail) {
            await enqueueMail(tx as unknown as Database, {
              template: 'message-received',
              messageId: result.message.id,
            })
          }
          return result
        })
        request.log.info(
          {
            messageId: message.id,
            thread: kind,
            threadId: ref.id,
            from: as,
            mailed: mail,
            masked: stored.masked,
          },
          'message sent',
        )
        reply.code(201)
        return {
          success: true as const,
          message: stored.masked ? messageMessages.masked : messageMessages.sent,
          data: { message, masked: stored.masked },
        }
      },
    )
  }
}

const isConfirmed = (head: ThreadHead) =>
  head.status !== null &&
  head.paymentStatus !== null &&
  isStayConfirmed({ status: head.status, paymentStatus: head.paymentStatus })

/**
 * The thread as `as` reads it. The other side's phone and WhatsApp link only for a confirmed stay;
 * before that the host is their display name and the guest their first name.
 */
function toThread(head: ThreadHead, as: MessageSide, list: Message[]): Thread {
  const confirmed = isConfirmed(head)
  const phone = as === 'guest' ? head.hostPhone : head.guestPhone
  const name = as === 'guest' ? (head.hostName ?? '') : confirmed ? head.guestFullName : head.guestFirstName
  return {
    kind: head.kind,
    id: head.id,
    as,
    cabinName: head.cabinName,
    checkIn: head.checkIn,
    checkOut: head.checkOut,
    confirmed,
    counterpart: {
      name,
      phone: confirmed ? phone : null,
      whatsappUrl: confirmed && phone ? whatsappUrl(phone) : null,
    },
    messages: list,
  }
}
