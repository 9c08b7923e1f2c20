import type { MessageSide } from '@cabanas/domain/messages'
import { CalendarDays, MessagesSquare } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonStyles } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'
import { RetryAlert } from '../../components/ui/retry-alert'
import { Spinner } from '../../components/ui/spinner'
import { StaleNotice } from '../../components/ui/stale-notice'
import { useApiSession, useSession } from '../../features/auth/use-session'
import { messagesErrorMessage } from '../../features/messages/messages-error'
import { ThreadList } from '../../features/messages/thread-list'
import type { MessagesSession } from '../../features/messages/use-thread'
import { useThreads } from '../../features/messages/use-threads'
import { showsFailure } from '../../lib/query-failure'
import { paths } from '../paths'

/** 'Mensajes': the signed-in account's threads as a guest and, for a host, with their guests. */
export function MessagesPage() {
  const { user } = useSession()
  const session = useApiSession()
  const isHost = user?.roles.includes('host') ?? false
  return (
    <>
      <title>Mensajes — Cabañas MX</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Mensajes</h1>
        <p className="mt-1 text-stone-600">Tus conversaciones sobre solicitudes y reservas.</p>
        {session && (
          <div className="mt-8 flex flex-col gap-10">
            {isHost && <ThreadsSection session={session} as="host" title="Con tus huéspedes" />}
            <ThreadsSection session={session} as="guest" title={isHost ? 'Como huésped' : null} />
          </div>
        )}
      </div>
    </>
  )
}

function ThreadsSection({
  session,
  as,
  title,
}: {
  session: MessagesSession
  as: MessageSide
  title: string | null
}) {
  const threads = useThreads(session, as)
  const headingId = `mensajes-${as}`
  let content: ReactNode
  if (threads.isPending) content = <Spinner label="Cargando tus conversaciones…" />
  else if (showsFailure(threads)) {
    content = (
      <RetryAlert
        title={messagesErrorMessage(threads.error, 'No pudimos cargar tus mensajes')}
        onRetry={() => threads.refetch()}
      />
    )
  } else if (threads.data.length === 0) {
    content =
      as === 'guest' ? (
        <MessagePanel
          icon={<MessagesSquare />}
          title="No tienes mensajes aún"
          description="Escribe al anfitrión desde una reserva o una solicitud en Mis Reservas."
          className="rounded-2xl border border-stone-200 bg-white sm:max-w-none"
        >
          <Link to={paths.myReservations()} className={buttonStyles()}>
            <CalendarDays aria-hidden="true" />
            Ir a Mis Reservas
          </Link>
        </MessagePanel>
      ) : (
        <p className="rounded-2xl border border-stone-200 bg-white px-5 py-4 text-sm text-stone-600">
          Cuando un huésped te escriba, verás aquí la conversación.
        </p>
      )
  } else {
    content = <ThreadList threads={threads.data} threadPath={(thread) => paths.messageThread(thread)} />
  }
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : 'Conversaciones'}
    >
      {title && (
        <h2 id={headingId} className="mb-3 text-lg font-semibold text-stone-900">
          {title}
        </h2>
      )}
      <StaleNotice query={threads} className="mb-4" />
      {content}
    </section>
  )
}
