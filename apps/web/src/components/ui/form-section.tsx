import { type ReactNode, useId } from 'react'
import { cx } from '../../lib/cx'

type FormSectionProps = {
  title: string
  /** A line under the title. */
  description?: ReactNode
  /** Shown at the right of the title: logos, a badge. */
  aside?: ReactNode
  children: ReactNode
  className?: string
}

/** A titled white card grouping the fields of one part of a form. */
export function FormSection({ title, description, aside, children, className }: FormSectionProps) {
  const titleId = useId()
  return (
    <section
      aria-labelledby={titleId}
      className={cx('rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6', className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-stone-900">
            {title}
          </h2>
          {description && <div className="mt-1 text-sm text-stone-600">{description}</div>}
        </div>
        {aside}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  )
}
