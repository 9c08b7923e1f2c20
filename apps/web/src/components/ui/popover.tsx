import type { PopoverContentProps } from '@radix-ui/react-popover'
import { lazy, type Ref, type RefObject, Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { whenIdle } from '../../lib/when-idle'

const loadFrame = () => import('./popover-frame')
const PopoverFrame = lazy(() => loadFrame().then((module) => ({ default: module.PopoverFrame })))

export type PopoverProps = Omit<PopoverContentProps, 'asChild' | 'forceMount'> & {
  open: boolean
  onOpenChange: (open: boolean) => void
  /**
   * The element the panel is placed against: its trigger, or the fields it belongs to. They are the
   * page's own elements (a button with `aria-haspopup`, `aria-expanded` and, while open, `aria-controls`).
   */
  anchorRef: RefObject<HTMLElement | null>
  /** The panel's element. */
  ref?: Ref<HTMLDivElement>
}

/**
 * A floating panel against an element of the page; closes on Escape and on a press outside. Its code
 * (Radix's popover with Floating UI, ~20 KB gzip) is not part of the page's first view: closed, a popover
 * renders nothing, on the server as in the browser, so the page hydrates without it; it loads in the
 * browser's first idle moment, or when the popover opens if that comes first (its anchor shows it is
 * opening meanwhile). Once it has opened, it stays Radix's.
 */
export function Popover(props: PopoverProps) {
  const [hasOpened, setHasOpened] = useState(props.open)
  if (props.open && !hasOpened) setHasOpened(true)
  useEffect(() => whenIdle(() => void loadFrame()), [])

  if (!hasOpened) return null
  return (
    <Suspense fallback={props.open ? <PopoverLoading anchorRef={props.anchorRef} /> : null}>
      <PopoverFrame {...props} />
    </Suspense>
  )
}

/**
 * While an opening popover's code is on its way, its anchor shows that the tap was taken (busy, with
 * the outline the early script gives a kept tap) from the tap's own frame; the panel follows.
 */
function PopoverLoading({ anchorRef }: { anchorRef: RefObject<HTMLElement | null> }) {
  useLayoutEffect(() => {
    const anchor = anchorRef.current
    if (!anchor) return
    anchor.setAttribute('data-opening', 'trigger')
    anchor.setAttribute('aria-busy', 'true')
    return () => {
      anchor.removeAttribute('data-opening')
      anchor.removeAttribute('aria-busy')
    }
  }, [anchorRef])
  return null
}
