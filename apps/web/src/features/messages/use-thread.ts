import type { Message, Thread } from '@cabanas/domain/messages'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { endSessionOn401 } from '../../lib/end-session-on-401'
import { fetchThread, postMessage, type ThreadAddress } from './messages.api'

export type MessagesSession = { token: string; onUnauthorized: () => void }

/** Query keys by the token, so one account never sees another's threads. */
export const messagesKeys = {
  all: (token: string) => ['messages', token] as const,
  list: (token: string, as: string) => [...messagesKeys.all(token), 'list', as] as const,
  thread: (token: string, { as, kind, id }: ThreadAddress) =>
    [...messagesKeys.all(token), as, kind, id] as const,
}

/** How often an open thread asks for new messages. */
const THREAD_REFRESH_MS = 20_000

/** One thread, refreshed while open (reading it marks the other side's messages read). */
export function useThread({ token, onUnauthorized }: MessagesSession, address: ThreadAddress) {
  return useQuery({
    queryKey: messagesKeys.thread(token, address),
    queryFn: ({ signal }) => endSessionOn401(() => fetchThread(token, address, signal), onUnauthorized),
    refetchInterval: THREAD_REFRESH_MS,
    retry: (count, error) =>
      count < 2 && !('status' in error && [400, 401, 403, 404].includes(Number(error.status))),
  })
}

/** A message being sent: shown at once, replaced by the stored one (or taken back on failure). */
export const PENDING_ID_PREFIX = 'enviando-'

/** Sends a message, added to the thread at once (optimistically); the lists refresh after. */
export function useSendMessage({ token, onUnauthorized }: MessagesSession, address: ThreadAddress) {
  const queryClient = useQueryClient()
  const key = messagesKeys.thread(token, address)
  return useMutation({
    mutationFn: (body: string) => endSessionOn401(() => postMessage(token, address, body), onUnauthorized),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key })
      const pending: Message = {
        id: `${PENDING_ID_PREFIX}${Date.now()}`,
        from: address.as,
        body,
        createdAt: new Date().toISOString(),
        read: false,
      }
      queryClient.setQueryData<Thread>(key, (thread) =>
        thread ? { ...thread, messages: [...thread.messages, pending] } : thread,
      )
      return { pendingId: pending.id }
    },
    onSuccess: ({ message }, _body, context) => {
      queryClient.setQueryData<Thread>(key, (thread) =>
        thread
          ? {
              ...thread,
              messages: thread.messages.map((item) => (item.id === context?.pendingId ? message : item)),
            }
          : thread,
      )
    },
    onError: (_error, _body, context) => {
      queryClient.setQueryData<Thread>(key, (thread) =>
        thread
          ? { ...thread, messages: thread.messages.filter((item) => item.id !== context?.pendingId) }
          : thread,
      )
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: messagesKeys.all(token), refetchType: 'none' }),
  })
}
