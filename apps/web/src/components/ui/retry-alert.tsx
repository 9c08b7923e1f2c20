import { RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert } from './alert'
import { Button } from './button'

type RetryAlertProps = {
  /** What could not be loaded, said as the alert's title. */
  title: ReactNode
  /** Loads again (a query's refetch). */
  onRetry: () => void
  /** Disables 'Reintentar' while a load is already under way. */
  busy?: boolean
}

/** A failed load, announced at once, with a 'Reintentar' button. */
export function RetryAlert({ title, onRetry, busy }: RetryAlertProps) {
  return (
    <Alert tone="error" role="alert" title={title}>
      <Button variant="outline" size="sm" className="mt-2" disabled={busy} onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Reintentar
      </Button>
    </Alert>
  )
}
