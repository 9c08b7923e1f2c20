import { type Query, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { SessionProvider } from '../features/auth/session-provider'
import { isTransientFailure } from '../lib/query-failure'
import { DeferredToaster } from './deferred-toaster'

const MAX_RETRIES = 2

export const staleDataTexts = {
  title: 'No pudimos actualizar la información',
  description: 'Revisa tu conexión. Te mostramos lo último que cargamos.',
}

/** Retry what may pass on a second try (network failures, 5xx); never a 4xx or a malformed response. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && isTransientFailure(error)
}

/** At most one notice a minute: a polled query that keeps failing does not keep raising it. */
const STALE_NOTICE_INTERVAL_MS = 60_000

/**
 * A refresh that failed for a passing reason keeps its data on screen (lib/query-failure.ts): the guest
 * is told that what they see may be out of date. Sonner loads only then.
 */
function staleDataNotice() {
  let lastAt = Number.NEGATIVE_INFINITY
  return (error: unknown, query: Query<unknown, unknown, unknown>) => {
    if (query.state.data === undefined || !isTransientFailure(error)) return
    const now = Date.now()
    if (now - lastAt < STALE_NOTICE_INTERVAL_MS) return
    lastAt = now
    void import('sonner').then(({ toast }) =>
      toast.warning(staleDataTexts.title, { id: 'stale-data', description: staleDataTexts.description }),
    )
  }
}

type QueryClientOptions = {
  /** Milliseconds between retries; tests pass 0. */
  retryDelay?: number
}

export function createQueryClient({ retryDelay }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: staleDataNotice() }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
        ...(retryDelay === undefined ? {} : { retryDelay }),
      },
      mutations: { retry: false },
    },
  })
}

type AppProvidersProps = {
  children: ReactNode
  queryClient?: QueryClient
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>{children}</SessionProvider>
      <DeferredToaster />
    </QueryClientProvider>
  )
}
