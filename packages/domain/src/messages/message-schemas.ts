import { z } from '../shared/zod.ts'

/** What guests and hosts read about messages. */
export const messageMessages = {
  required: 'Escribe un mensaje',
  tooLong: 'El mensaje puede tener hasta 2000 caracteres',
  notText: 'El mensaje debe ser texto',
  controlCharacters: 'El mensaje contiene caracteres no permitidos',
  threadNotFound: 'La conversación no fue encontrada',
  noHost: 'Esta cabaña no tiene un anfitrión en Cabañas MX con quien escribir',
  tooMany: 'Enviaste muchos mensajes en poco tiempo. Espera unos minutos e intenta de nuevo.',
  masked:
    'Ocultamos los datos de contacto de tu mensaje: se comparten cuando la reserva esté pagada y confirmada.',
  sent: 'Mensaje enviado',
} as const

export const MESSAGE_MAX_LENGTH = 2000

/** Control characters (Cc) and lone surrogates, except the line feed a text area sends. */
const CONTROL_EXCEPT_LF = /(?!\n)[\p{Cc}\p{Cs}]/u

/**
 * A message's text: plain text, line breaks kept ('\r\n' becomes '\n'), trimmed, 1 to 2000
 * characters, no other control character. HTML is not refused: it is text like any other, stored as
 * typed and escaped wherever it is shown (the web renders text nodes, the mail escapes it).
 */
export const MessageBodySchema = z
  .string({ error: messageMessages.notText })
  .overwrite((value) => value.replace(/\r\n?/g, '\n'))
  .refine((value) => !CONTROL_EXCEPT_LF.test(value), {
    message: messageMessages.controlCharacters,
    abort: true,
  })
  .trim()
  .min(1, messageMessages.required)
  .max(MESSAGE_MAX_LENGTH, messageMessages.tooLong)

export const PostMessageRequestSchema = z.object({ body: MessageBodySchema })
export type PostMessageRequest = z.infer<typeof PostMessageRequestSchema>

/** The id of a thread's request to book or reservation, in a path. */
export const ThreadParamsSchema = z.object({ id: z.uuid({ error: messageMessages.threadNotFound }) })

export const THREAD_KINDS = ['request', 'reservation'] as const
export type ThreadKind = (typeof THREAD_KINDS)[number]
export const MESSAGE_SIDES = ['guest', 'host'] as const
export type MessageSide = (typeof MESSAGE_SIDES)[number]

export const MessageSchema = z.object({
  id: z.string(),
  from: z.enum(MESSAGE_SIDES),
  body: z.string(),
  createdAt: z.string(),
  /** Read by its recipient. */
  read: z.boolean(),
})
export type Message = z.infer<typeof MessageSchema>

/**
 * The other side of a thread. `phone` and `whatsappUrl` only once the stay is confirmed (a paid
 * reservation, not cancelled); null before, and always null in a request's thread.
 */
export const CounterpartSchema = z.object({
  name: z.string(),
  phone: z.string().nullable(),
  whatsappUrl: z.string().nullable(),
})
export type Counterpart = z.infer<typeof CounterpartSchema>

export const ThreadSchema = z.object({
  kind: z.enum(THREAD_KINDS),
  /** The request's or the reservation's id. */
  id: z.string(),
  /** Who is reading: the guest or the host. */
  as: z.enum(MESSAGE_SIDES),
  cabinName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  confirmed: z.boolean(),
  counterpart: CounterpartSchema,
  messages: z.array(MessageSchema),
})
export type Thread = z.infer<typeof ThreadSchema>

export const ThreadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ thread: ThreadSchema }),
})
export type ThreadResponse = z.infer<typeof ThreadResponseSchema>

export const PostMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    message: MessageSchema,
    /** Contact data was hidden from the text (the stay is not confirmed yet). */
    masked: z.boolean(),
  }),
})
export type PostMessageResponse = z.infer<typeof PostMessageResponseSchema>

/** A thread in a list: its last message and how many of the other side's the reader has not read. */
export const ThreadSummarySchema = z.object({
  kind: z.enum(THREAD_KINDS),
  id: z.string(),
  as: z.enum(MESSAGE_SIDES),
  cabinName: z.string(),
  counterpartName: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  lastMessage: z.object({ from: z.enum(MESSAGE_SIDES), body: z.string(), createdAt: z.string() }),
  unread: z.number().int(),
})
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>

export const ThreadListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ threads: z.array(ThreadSummarySchema) }),
})
export type ThreadListResponse = z.infer<typeof ThreadListResponseSchema>
