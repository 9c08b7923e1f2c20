import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { SessionProvider } from '../features/auth/session-provider'
import { isApiError } from '../lib/api-client'
import { DeferredToaster } from './deferred-toaster'

const MAX_RETRIES = 2

/** Retry what may pass on a second try (network failures, 5xx); never a 4xx or a malformed response. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !isApiError(error)) return false
  return error.status === 0 || error.status >= 500
}

type QueryClientOptions = {
  /** Milliseconds between retries; tests pass 0. */
  retryDelay?: number
}

export function createQueryClient({ retryDelay }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
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
