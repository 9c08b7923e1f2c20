import type { Message, MessageSide } from '@cabanas/domain/messages'
import { formatMexicoCityDateTime } from '@cabanas/domain/shared'
import { cx } from '../../lib/cx'
import { PENDING_ID_PREFIX } from './use-thread'

/**
 * A thread's messages as bubbles: the reader's on the right, the other side's on the left. The text is
 * a text node with its line breaks kept by CSS (never HTML): '<script>' shows as '<script>'.
 */
export function MessageBubbles({ messages, as }: { messages: Message[]; as: MessageSide }) {
  if (messages.length === 0) {
    return (
      <p className="px-2 py-10 text-center text-sm text-stone-500">
        Aún no hay mensajes. Escribe el primero: te avisaremos por correo cuando te respondan.
      </p>
    )
  }
  return (
    <ol aria-label="Mensajes" className="flex flex-col gap-3">
      {messages.map((message) => {
        const mine = message.from === as
        const pending = message.id.startsWith(PENDING_ID_PREFIX)
        return (
          <li key={message.id} className={cx('flex', mine ? 'justify-end' : 'justify-start')}>
            <div
              className={cx(
                'max-w-[85%] rounded-2xl px-4 py-2.5 shadow-xs sm:max-w-[75%]',
                mine
                  ? 'rounded-br-md bg-brand-700 text-white'
                  : 'rounded-bl-md border border-stone-200 bg-white text-stone-900',
                pending && 'opacity-70',
              )}
            >
              <p className="text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap">
                {message.body}
              </p>
              <p className={cx('mt-1 text-right text-xs', mine ? 'text-brand-100' : 'text-stone-500')}>
                <span className="sr-only">{mine ? 'Tú, ' : 'Recibido, '}</span>
                {pending ? 'Enviando…' : formatMexicoCityDateTime(new Date(message.createdAt))}
                {mine && !pending && (message.read ? ' · Leído' : ' · Enviado')}
              </p>
            </div>
          </li>
        )
      })}
    </ol>
  )
}
