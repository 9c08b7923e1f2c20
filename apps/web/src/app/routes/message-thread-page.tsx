import type { MessageSide, ThreadKind } from '@cabanas/domain/messages'
import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { useApiSession } from '../../features/auth/use-session'
import { MessageThread } from '../../features/messages/message-thread'
import { paths } from '../paths'

/** A thread between a guest and a host, by the side reading it and what it is about. */
function MessageThreadPage({ as, kind }: { as: MessageSide; kind: ThreadKind }) {
  const { id = '' } = useParams()
  const session = useApiSession()
  return (
    <>
      <title>Mensajes — Cabañas MX</title>
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
        <Link
          to={paths.messages()}
          className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Mensajes
        </Link>
        {session && (
          <MessageThread key={`${as}-${kind}-${id}`} session={session} address={{ as, kind, id }} />
        )}
      </div>
    </>
  )
}

export const GuestRequestThreadPage = () => <MessageThreadPage as="guest" kind="request" />
export const GuestReservationThreadPage = () => <MessageThreadPage as="guest" kind="reservation" />
export const HostRequestThreadPage = () => <MessageThreadPage as="host" kind="request" />
export const HostReservationThreadPage = () => <MessageThreadPage as="host" kind="reservation" />
