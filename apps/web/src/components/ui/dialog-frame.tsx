import * as RadixDialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { cx } from '../../lib/cx'

type DialogPlacement =
  /** A centred card. */
  | 'center'
  /** Slides up from the bottom edge on small screens, a centred card from `sm` up. */
  | 'sheet'
  /** The whole viewport (photo galleries). */
  | 'fullscreen'

export type DialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Names the dialog; shown in its header. */
  title: string
  /** A line under the title, read as the dialog's description. */
  description?: ReactNode
  placement?: DialogPlacement
  /** Widest size of a centred dialog. */
  size?: 'md' | 'lg' | 'xl'
  /** Sticks to the bottom, outside the scrolling body. */
  footer?: ReactNode
  children: ReactNode
  /** Where focus goes when the dialog opens; the close button by default. */
  onOpenAutoFocus?: (event: Event) => void
  className?: string
}

const sizes = { md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' } as const

const placements: Record<DialogPlacement, string> = {
  center:
    'top-1/2 left-1/2 max-h-[min(90dvh,52rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl ' +
    'starting:scale-95 starting:opacity-0',
  sheet:
    'inset-x-0 bottom-0 max-h-[92dvh] rounded-t-3xl starting:translate-y-8 starting:opacity-0 ' +
    'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[90dvh] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
  fullscreen: 'inset-0 starting:opacity-0',
}

/**
 * A modal dialog: overlay, header with the title and a 'Cerrar' button, a scrolling body and an optional
 * footer (Radix). Pages use `Dialog` (dialog.tsx), which loads this when a dialog first opens.
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  placement = 'center',
  size = 'md',
  footer,
  children,
  onOpenAutoFocus,
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/55 transition-opacity duration-200 starting:opacity-0" />
        <RadixDialog.Content
          onOpenAutoFocus={onOpenAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cx(
            'fixed z-50 flex flex-col bg-white shadow-2xl transition-[opacity,translate,scale] duration-200 focus:outline-none',
            placements[placement],
            placement !== 'fullscreen' && sizes[size],
            className,
          )}
        >
          <header className="relative flex min-h-14 shrink-0 items-center justify-center border-b border-stone-200 px-14 py-3">
            <RadixDialog.Close
              aria-label="Cerrar"
              className="absolute top-1/2 left-3 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
            <div className="min-w-0 text-center">
              <RadixDialog.Title className="truncate text-base font-semibold text-stone-900">
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-stone-500">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
          {footer && (
            <footer className="shrink-0 border-t border-stone-200 px-5 py-4 sm:px-6">{footer}</footer>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
