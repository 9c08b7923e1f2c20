import type { ReactNode } from 'react'
import { cx } from '../../lib/cx'

type MessagePanelProps = {
  title: string
  description?: ReactNode
  /** A decorative icon shown above the title. */
  icon?: ReactNode
  tone?: 'neutral' | 'error'
  /** 'alert' for failures, so screen readers announce them. */
  role?: 'alert' | 'status'
  /** Actions such as a retry button or a link home. */
  children?: ReactNode
  /** The heading level that fits the page outline. */
  headingLevel?: 1 | 2 | 3
  className?: string
}

/** A centred title, text and actions: empty, error and not-found states. */
export function MessagePanel({
  title,
  description,
  icon,
  tone = 'neutral',
  role,
  children,
  headingLevel = 2,
  className,
}: MessagePanelProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <div
      role={role}
      className={cx('mx-auto flex max-w-md flex-col items-center px-4 py-12 text-center sm:py-16', className)}
    >
      {icon && (
        <div
          aria-hidden="true"
          className={cx(
            'mb-5 flex size-14 items-center justify-center rounded-full [&_svg]:size-7',
            tone === 'error' ? 'bg-accent-100 text-accent-700' : 'bg-brand-100 text-brand-700',
          )}
        >
          {icon}
        </div>
      )}
      <Heading className="text-xl font-semibold text-balance text-stone-900 sm:text-2xl">{title}</Heading>
      {description && <p className="mt-2 text-pretty text-stone-600">{description}</p>}
      {children && <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{children}</div>}
    </div>
  )
}
