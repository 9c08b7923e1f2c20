import { lazy, Suspense, useEffect, useState } from 'react'
import { whenIdle } from '../../lib/when-idle'
import type { DialogProps } from './dialog-frame'
import { Spinner } from './spinner'

const loadFrame = () => import('./dialog-frame')
const DialogFrame = lazy(() => loadFrame().then((module) => ({ default: module.DialogFrame })))

/**
 * A modal dialog: overlay, header with the title and a 'Cerrar' button, a scrolling body and an optional
 * footer. Its code (Radix's dialog with its focus trap and scroll lock, ~13 KB gzip) is not part of the
 * page's first view: a closed dialog renders nothing, on the server as in the browser, so the page hydrates
 * without it; it loads in the browser's first idle moment, or when the dialog opens if that comes first
 * (an overlay with a spinner shows meanwhile). Once it has opened, it stays Radix's, closing included.
 */
export function Dialog(props: DialogProps) {
  const [hasOpened, setHasOpened] = useState(props.open)
  if (props.open && !hasOpened) setHasOpened(true)
  useEffect(() => whenIdle(() => void loadFrame()), [])

  if (!hasOpened) return null
  return (
    <Suspense fallback={props.open ? <DialogLoading /> : null}>
      <DialogFrame {...props} />
    </Suspense>
  )
}

/**
 * What an opening dialog shows until its code is here: the overlay and a spinner, from the tap's own
 * frame (`data-opening` tells bench:interaction the tap was taken).
 */
function DialogLoading() {
  return (
    <div
      data-opening="overlay"
      aria-busy="true"
      className="fixed inset-0 z-50 flex items-center justify-center bg-stone-950/55"
    >
      <Spinner className="rounded-full bg-white p-3 shadow-xl" />
    </div>
  )
}
