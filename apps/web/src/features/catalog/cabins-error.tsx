import { RefreshCw, TriangleAlert } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { MessagePanel } from '../../components/ui/message-panel'

export function CabinsError({ onRetry }: { onRetry: () => void }) {
  return (
    <MessagePanel
      role="alert"
      tone="error"
      icon={<TriangleAlert />}
      title="Ocurrió un error"
      description="No se pudieron cargar los datos de las cabañas. Por favor, intenta de nuevo más tarde."
      headingLevel={3}
    >
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden="true" />
        Reintentar
      </Button>
    </MessagePanel>
  )
}
