import type { ReactNode } from 'react'
import { cx } from '../../lib/cx'

/** Typography of the document's own markup. */
const prose = cx(
  'text-[0.9375rem] leading-7 text-stone-700 sm:text-base sm:leading-7',
  '[&_p]:mt-3 [&_p:first-child]:mt-0 [&_strong]:font-semibold [&_strong]:text-stone-900',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6',
  '[&_ol]:mt-3 [&_ol]:list-[lower-alpha] [&_ol]:space-y-1.5 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-stone-400',
  '[&_h3]:mt-6 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-stone-900',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800',
)

export type DocumentSection = {
  /** The anchor of the section: '#reservas'. */
  id: string
  title: string
  content: ReactNode
}

type DocumentLayoutProps = {
  title: string
  /** 'Última actualización: …'. */
  updated: string
  /** Paragraphs before the first section. */
  intro: ReactNode
  sections: readonly DocumentSection[]
}

/**
 * A long text page (legal terms, notices): title, date, an index of its sections and readable
 * typography for paragraphs and lists written as plain `<p>`, `<ul>`, `<ol>` and `<strong>`.
 */
export function DocumentLayout({ title, updated, intro, sections }: DocumentLayoutProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="border-b border-stone-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-stone-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-stone-500">{updated}</p>
      </header>

      <div className={cx(prose, 'mt-6')}>{intro}</div>

      <nav
        aria-labelledby="document-index"
        className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
      >
        <h2 id="document-index" className="text-sm font-semibold tracking-wide text-stone-500 uppercase">
          Contenido
        </h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm marker:text-stone-400 sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded text-brand-700 hover:text-brand-800 hover:underline"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {sections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-title`}
          className="mt-10 scroll-mt-28"
        >
          <h2
            id={`${section.id}-title`}
            className="flex gap-2 text-xl font-semibold text-balance text-stone-900 sm:text-2xl"
          >
            <span className="shrink-0 text-stone-400 tabular-nums">{index + 1}.</span>
            <span>{section.title}</span>
          </h2>
          <div className={cx(prose, 'mt-3')}>{section.content}</div>
        </section>
      ))}
    </article>
  )
}
