import {
  type Message,
  type MessageSide,
  PostMessageResponseSchema,
  type Thread,
  type ThreadKind,
  ThreadListResponseSchema,
  ThreadResponseSchema,
  type ThreadSummary,
} from '@cabanas/domain/messages'
import { apiGet, apiPost, bearer } from '../../lib/api-client'

/** The API's threads of each side: the guest's own, the host's of their cabins. */
const PREFIX: Record<MessageSide, string> = { guest: '/api/messages', host: '/api/hosts/me/messages' }
const SEGMENT: Record<ThreadKind, string> = { request: 'requests', reservation: 'reservations' }

/** A thread as the address names it: which side reads it, a request or a reservation, its id. */
export type ThreadAddress = { as: MessageSide; kind: ThreadKind; id: string }

const threadPath = ({ as, kind, id }: ThreadAddress) =>
  `${PREFIX[as]}/${SEGMENT[kind]}/${encodeURIComponent(id)}`

export async function fetchThreads(
  token: string,
  as: MessageSide,
  signal?: AbortSignal,
): Promise<ThreadSummary[]> {
  const { data } = await apiGet(PREFIX[as], ThreadListResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data.threads
}

/** Opening a thread marks the other side's messages read. */
export async function fetchThread(
  token: string,
  address: ThreadAddress,
  signal?: AbortSignal,
): Promise<Thread> {
  const { data } = await apiGet(threadPath(address), ThreadResponseSchema, {
    headers: bearer(token),
    signal,
  })
  return data.thread
}

export async function postMessage(
  token: string,
  address: ThreadAddress,
  body: string,
): Promise<{ message: Message; masked: boolean }> {
  const { data } = await apiPost(threadPath(address), { body }, PostMessageResponseSchema, {
    headers: bearer(token),
  })
  return data
}
