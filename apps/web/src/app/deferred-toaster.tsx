import { lazy, Suspense, useEffect, useState } from 'react'

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })))

/** Wait at most this long for the browser to be idle before mounting the toaster. */
const IDLE_TIMEOUT_MS = 2000

/**
 * Sonner's toaster, mounted once the first view has painted: nothing on the first view shows a
 * toast, and sonner would add ~12 KB gzip to the entry chunk. Features keep calling `toast()` from
 * 'sonner' as usual.
 */
export function DeferredToaster() {
  const [isReady, setReady] = useState(false)

  useEffect(() => {
    let cancel = () => {}
    // After the page's load event (the first view's images included), when the browser is idle.
    const whenIdle = () => {
      if ('requestIdleCallback' in window) {
        const id = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS })
        cancel = () => window.cancelIdleCallback(id)
      } else {
        const id = setTimeout(() => setReady(true), IDLE_TIMEOUT_MS / 2)
        cancel = () => clearTimeout(id)
      }
    }
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
    return () => {
      window.removeEventListener('load', whenIdle)
      cancel()
    }
  }, [])

  if (!isReady) return null
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        richColors
        closeButton
        containerAriaLabel="Notificaciones"
        toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
      />
    </Suspense>
  )
}
