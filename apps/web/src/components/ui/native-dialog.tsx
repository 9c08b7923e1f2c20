import { type ReactNode, startTransition, useEffect, useRef } from 'react'
import { cx } from '../../lib/cx'

declare module 'react' {
  /**
   * HTML Invoker Commands (Baseline since December 2025; Chromium 135+): a button that opens or closes
   * a dialog by itself, before the app runs or without JavaScript.
   */
  interface ButtonHTMLAttributes<T> {
    commandfor?: string | undefined
    command?: 'show-modal' | 'close' | 'request-close' | undefined
  }
}

type NativeDialogProps = {
  /** The id its invoker buttons name in `commandfor`. */
  id: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The id of the element that names the dialog (its heading). */
  labelledBy: string
  className?: string
  children: ReactNode
}

/**
 * A modal `<dialog>` that works as HTML first: its content is in the page, buttons with
 * `commandfor={id} command="show-modal"` open it and `command="close"` close it without JavaScript,
 * Escape and a click outside (`closedby="any"`) too. Once the app runs, `open` drives it, and a
 * dialog opened before that is taken as open. The browser keeps the focus inside and gives it back;
 * styles.css holds the page still behind it (and the app keeps its scrollbar's width).
 */
export function NativeDialog({ id, open, onOpenChange, labelledBy, className, children }: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const isFirstSync = useRef(true)

  // After every render, the dialog is made to say what `open` says (a close and a reopening the app
  // batched into one render leave `open` unchanged, but the dialog closed).
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const wasOpenedBeforeTheApp = isFirstSync.current && dialog.open && !open
    isFirstSync.current = false
    // A transition: the app may not have hydrated every part yet, and an urgent update reaching one
    // would make React throw its server HTML away.
    if (wasOpenedBeforeTheApp) startTransition(() => onOpenChange(true))
    else if (open && !dialog.open) {
      const root = document.documentElement
      // Written only when it changes: a new value on the root restyles every element of the page (it
      // inherits), inside the frame of the tap that opens the dialog. Phones have no scrollbar to keep.
      const gap = window.innerWidth - root.clientWidth
      const value = gap > 0 ? `${gap}px` : ''
      if (root.style.getPropertyValue('--scrollbar-gap') !== value) {
        if (value) root.style.setProperty('--scrollbar-gap', value)
        else root.style.removeProperty('--scrollbar-gap')
      }
      dialog.showModal()
    } else if (!open && dialog.open) dialog.close()
  })

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; keyboards close with Escape
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      closedby="any"
      // Opened by the browser before the app hydrated: `open` is the browser's, left as it is.
      suppressHydrationWarning
      // Closed by the browser (Escape, a click outside, a close button): the app follows. A close the
      // app asked for arrives with `open` already false.
      onClose={() => {
        if (open) onOpenChange(false)
      }}
      // A click on the backdrop targets the dialog itself (its content fills it): for browsers
      // without `closedby`.
      onClick={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false)
      }}
      className={cx(
        'm-0 max-h-none max-w-none border-0 bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-black/50',
        'motion-safe:animate-fade-in motion-safe:backdrop:animate-fade-in',
        className,
      )}
    >
      {children}
    </dialog>
  )
}
