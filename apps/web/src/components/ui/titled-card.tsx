import type { ReactNode } from 'react'
import { cx } from '../../lib/cx'

/** A white card with an icon and a title, then its content (confirmation and trip pages). */
export function TitledCard({
  title,
  icon,
  children,
  className,
}: {
  title: string
  icon: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <section className={cx('rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6', className)}>
      <h2 className="flex items-center gap-2 font-semibold text-stone-900">
        <span aria-hidden="true" className="text-brand-700 [&_svg]:size-5">
          {icon}
        </span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}
