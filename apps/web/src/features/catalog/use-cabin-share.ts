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
    // Sonner's toast loads with the copy, not with the page: it is 9 KB (gzip) of the cabin page's
    // first view otherwise.
    const sonner = import('sonner')
    const copied = await navigator.clipboard.writeText(url).then(
      () => true,
      () => false,
    )
    const { toast } = await sonner
    if (copied)
      toast.success('Enlace copiado', { description: 'Pégalo donde quieras compartir esta cabaña.' })
    else toast.error('No se pudo copiar el enlace')
  }
}
