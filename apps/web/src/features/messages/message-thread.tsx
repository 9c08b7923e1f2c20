import { messageMessages, type Thread } from '@cabanas/domain/messages'
import { MessageCircle, Phone, ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { buttonStyles } from '../../components/ui/button'
import { RetryAlert } from '../../components/ui/retry-alert'
import { Spinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { formatLongDate } from '../../lib/format'
import { showsFailure } from '../../lib/query-failure'
import { MessageBubbles } from './message-bubbles'
import { MessageComposer } from './message-composer'
import type { ThreadAddress } from './messages.api'
import { messagesErrorMessage } from './messages-error'
import { type MessagesSession, useSendMessage, useThread } from './use-thread'

/**
 * A thread between a guest and a host: who and what it is about, the messages, and the text area.
 * For a confirmed stay the header carries the other side's phone and a WhatsApp link; before that,
 * a note says when they will be shared.
 */
export function MessageThread({ session, address }: { session: MessagesSession; address: ThreadAddress }) {
  const thread = useThread(session, address)
  const send = useSendMessage(session, address)
  const [notice, setNotice] = useState<string | null>(null)

  if (thread.isPending) return <Spinner label="Cargando la conversación…" />
  // A failed refresh in passing (the thread is read again every few seconds) keeps the conversation and
  // what is being typed.
  if (showsFailure(thread)) {
    return (
      <RetryAlert
        title={messagesErrorMessage(thread.error, 'No pudimos cargar la conversación')}
        onRetry={() => thread.refetch()}
        busy={thread.isFetching}
      />
    )
  }

  const onSend = async (body: string) => {
    try {
      const { masked } = await send.mutateAsync(body)
      setNotice(masked ? messageMessages.masked : null)
    } catch (error) {
      throw new Error(messagesErrorMessage(error, 'No pudimos enviar tu mensaje. Intenta de nuevo.'))
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <ThreadHeader thread={thread.data} />
      <StaleNotice query={thread} />
      <section aria-label="Conversación" className="rounded-2xl bg-stone-50 p-3 sm:p-5">
        <MessageBubbles messages={thread.data.messages} as={thread.data.as} />
      </section>
      <MessageComposer onSend={onSend} notice={notice} />
    </div>
  )
}

/** '+52 33 9876 5432' for a Mexican number (with or without +52); any other as it came. */
function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const local = digits.length === 12 && digits.startsWith('52') ? digits.slice(2) : digits
  if (local.length !== 10) return phone
  const grouped = `${local.slice(0, 2)} ${local.slice(2, 6)} ${local.slice(6)}`
  return digits.length === 12 ? `+52 ${grouped}` : grouped
}

function ThreadHeader({ thread }: { thread: Thread }) {
  const { counterpart } = thread
  const about = thread.kind === 'reservation' ? 'Reserva' : 'Solicitud de reserva'
  return (
    <header className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5">
      <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">
        {thread.as === 'guest' ? 'Anfitrión' : 'Huésped'}
      </p>
      <h1 className="text-xl font-bold break-words text-stone-900 sm:text-2xl">{counterpart.name}</h1>
      <p className="mt-1 text-sm break-words text-stone-600">
        {about} en {thread.cabinName} · {formatLongDate(thread.checkIn)} al {formatLongDate(thread.checkOut)}
      </p>
      {thread.confirmed && counterpart.phone ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <a
            href={`tel:${counterpart.phone.replace(/[^\d+]/g, '')}`}
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
          >
            <Phone aria-hidden="true" />
            {formatPhone(counterpart.phone)}
          </a>
          {counterpart.whatsappUrl && (
            <a
              href={counterpart.whatsappUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonStyles({ size: 'sm' })}
            >
              <MessageCircle aria-hidden="true" />
              WhatsApp
              <span className="sr-only">(se abre en una pestaña nueva)</span>
            </a>
          )}
        </div>
      ) : (
        <p className="mt-3 flex items-start gap-2 text-sm text-stone-600">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          Los teléfonos se comparten cuando la reserva esté pagada y confirmada. Mientras tanto, ocultamos los
          datos de contacto de los mensajes.
        </p>
      )}
    </header>
  )
}
