import { toast } from 'sonner'

/** Shares a cabin with the Web Share API where there is one, else copies its link (spec §2). */
export function useCabinShare(): (cabin: { name: string; url: string }) => Promise<void> {
  return async ({ name, url }) => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: name, text: `${name} en Cabañas MX`, url })
        return
      } catch (error) {
        // The guest closed the share sheet: nothing to say.
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      toast.success('Enlace copiado', { description: 'Pégalo donde quieras compartir esta cabaña.' })
    } catch {
      toast.error('No se pudo copiar el enlace')
    }
  }
}
