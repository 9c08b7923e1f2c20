import type { ReactNode } from 'react'

/** One part of the listing under review, titled for the page's outline. */
export function ReviewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `revision-${id}`
  return (
    <section aria-labelledby={headingId} className="border-t border-stone-200 py-6 first:border-t-0">
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Label–value pairs; a value the host has not given reads 'Sin datos'. */
export function Facts({ items }: { items: [label: string, value: ReactNode | undefined][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm text-stone-500">{label}</dt>
          <dd className="break-words text-stone-900">
            {value ?? <span className="text-accent-700">Sin datos</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}

/** A step the host never filled in. */
export function Missing() {
  return <p className="text-sm text-accent-700">El anfitrión no completó este paso.</p>
}
