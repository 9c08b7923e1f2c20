import type { MessageSide } from '@cabanas/domain/messages'
import { useQuery } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { fetchThreads } from './messages.api'
import { type MessagesSession, messagesKeys } from './use-thread'

/** The signed-in account's threads on one side (as a guest, or as a host). */
export function useThreads(
  { token, onUnauthorized }: MessagesSession,
  as: MessageSide,
  { enabled = true } = {},
) {
  return useQuery({
    queryKey: messagesKeys.list(token, as),
    queryFn: ({ signal }) => endSessionOn401(() => fetchThreads(token, as, signal), onUnauthorized),
    enabled,
  })
}
