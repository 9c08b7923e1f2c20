import { type ReactNode, type RefObject, Suspense } from 'react'
import { Dismissable, type DismissReason } from '../../components/ui/dismissable'
import { Spinner } from '../../components/ui/spinner'
import { cx } from '../../lib/cx'

export type SegmentProps = {
  id: string
  label: string
  value: string
  isPlaceholder: boolean
  isActive: boolean
  panelId: string
  onClick: () => void
  className?: string
}

export function Segment({
  id,
  label,
  value,
  isPlaceholder,
  isActive,
  panelId,
  onClick,
  className,
}: SegmentProps) {
  return (
    <button
      id={id}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={isActive}
      aria-controls={isActive ? panelId : undefined}
      onClick={onClick}
      className={cx(
        'min-w-0 px-5 py-2.5 text-left transition-colors md:flex-1 md:rounded-full md:px-6 md:py-3',
        'first:rounded-t-3xl focus-visible:z-10 focus-visible:outline-offset-[-2px]',
        isActive ? 'bg-white shadow-[0_6px_20px_rgba(0,0,0,0.12)] md:relative' : 'hover:bg-stone-200/60',
        className,
      )}
    >
      <span className="block text-xs font-semibold text-stone-900">{label}</span>
      <span
        className={cx(
          'block truncate text-sm',
          isPlaceholder ? 'text-stone-500' : 'font-medium text-stone-900',
        )}
      >
        {value}
      </span>
    </button>
  )
}

export function Divider({ hidden }: { hidden: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cx('hidden h-8 w-px shrink-0 bg-stone-200 md:block', hidden && 'md:invisible')}
    />
  )
}

/** A panel whose code is still on its way: a white card with a spinner. */
export function LazyPanel({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex h-32 w-full items-center justify-center rounded-3xl border border-stone-200 bg-white shadow-xl md:w-96">
          <Spinner />
        </div>
      }
    >
      {children}
    </Suspense>
  )
}

type PanelFrameProps = {
  /** The bar: a press or focus on its segments leaves the panel to them. */
  insideRef: RefObject<HTMLElement | null>
  /** Escape, or a press or a focus move outside the bar. */
  onDismiss: (reason: DismissReason) => void
  /** Why the search could not run, shown above the panel that fixes it. */
  notice: string | undefined
  className?: string
  children: ReactNode
}

/**
 * Places a panel under the bar: full width on small screens, aligned to its segment on wide ones. It
 * is mounted only while its panel is open, and closes it (`Dismissable`).
 */
export function PanelFrame({ insideRef, onDismiss, notice, className, children }: PanelFrameProps) {
  return (
    <Dismissable insideRef={insideRef} onDismiss={onDismiss}>
      <div className={cx('absolute inset-x-0 top-full z-30 mt-3 motion-safe:animate-fade-in', className)}>
        {notice && (
          <p
            role="alert"
            className="mb-2 w-fit max-w-full rounded-full bg-accent-700 px-4 py-2 text-sm font-medium text-white shadow-lg"
          >
            {notice}
          </p>
        )}
        {children}
      </div>
    </Dismissable>
  )
}
