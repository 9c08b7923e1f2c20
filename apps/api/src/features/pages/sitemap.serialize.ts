/**
 * The sitemaps protocol (sitemaps.org): a `<urlset>` of at most 50,000 URLs per file, and a
 * `<sitemapindex>` naming the files when a site has more.
 */

export const MAX_SITEMAP_URLS = 50_000

export type SitemapUrl = { loc: string; lastmod?: Date | null | undefined }

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char)
}

/** W3C Datetime to the second, in UTC: '2026-06-01T17:04:05Z'. */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastmod }) => {
    const modified = lastmod ? `<lastmod>${w3cDatetime(lastmod)}</lastmod>` : ''
    return `<url><loc>${xmlEscape(loc)}</loc>${modified}</url>\n`
  })
  return `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n${entries.join('')}</urlset>\n`
}

export function sitemapIndexXml(locs: readonly string[]): string {
  const entries = locs.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`)
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`
}

/** A site's URLs: `pages` (home, legal, destinations) then `cabins`, in files of `perFile`. */
export type SitemapSize = { pages: number; cabins: number; perFile: number }

/** How many files a sitemap of this many URLs takes (one, even when empty). */
export function sitemapFileCount({ pages, cabins, perFile }: SitemapSize): number {
  return Math.max(1, Math.ceil((pages + cabins) / perFile))
}

/**
 * Where file `n` (1-based) of a sitemap split in files of `perFile` URLs starts and ends, when the
 * site's URLs are the `pages` (home, legal, destinations: few, in memory) followed by every cabin (read
 * from the database in that slice only). Null when there is no such file.
 */
export function sitemapSlice(
  n: number,
  { pages, cabins, perFile }: SitemapSize,
): { pages: { start: number; end: number }; cabins: { offset: number; limit: number } } | null {
  if (!Number.isInteger(n) || n < 1 || n > sitemapFileCount({ pages, cabins, perFile })) return null
  const start = (n - 1) * perFile
  const end = start + perFile
  const cabinStart = Math.max(0, start - pages)
  return {
    pages: { start: Math.min(start, pages), end: Math.min(end, pages) },
    cabins: { offset: cabinStart, limit: Math.max(0, Math.min(end - pages, cabins) - cabinStart) },
  }
}
