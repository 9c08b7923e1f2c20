/**
 * The source modules (paths in apps/web) whose static imports make a server page's first view: what
 * the page runs before it can hydrate. The client build groups the public pages' modules into a few
 * chunks (vite.config.ts, first-view-chunks.ts); the server lists every file of a page's set in its
 * document as a `modulepreload`, so the browser asks for them all at once instead of discovering them
 * import by import (entry-server.tsx, with the build's manifest).
 *
 * Keyed as the build's manifest keys them: the entry is `index.html`, every other module its path.
 */

/** Every server page: the entry, and what it imports as it starts (main.tsx: the libraries, the app). */
export const BOOT_MODULES = ['index.html', 'src/app/framework.ts', 'src/app/start.tsx'] as const

/** Modules the header search needs on the pages that show it; it loads as the app starts (root-layout). */
const HEADER_SEARCH = 'src/app/header-search.tsx'

/**
 * Each server page's own modules, by its key in `routePatterns` (app/paths.ts): the page and what it
 * imports lazily as it starts.
 */
export const PAGE_MODULES = {
  home: ['src/app/routes/home-page.tsx', HEADER_SEARCH],
  results: ['src/app/routes/results-page.tsx', HEADER_SEARCH],
  cabin: ['src/app/routes/cabin-page.tsx'],
  destination: ['src/app/routes/destination-page.tsx', HEADER_SEARCH],
  cabinPhotos: ['src/app/routes/cabin-photos-page.tsx'],
  terms: ['src/app/routes/terms-page.tsx'],
  privacy: ['src/app/routes/privacy-page.tsx'],
  notFound: ['src/app/routes/not-found-page.tsx'],
} as const satisfies Record<string, readonly string[]>

/**
 * The pages whose first views are grouped into chunks of their own (and measured by bench:bundle and
 * bench:interaction). The other server pages are rarely a first view; they keep rolldown's chunks.
 */
export const GROUPED_PAGES = ['home', 'results', 'cabin', 'destination'] as const satisfies ReadonlyArray<
  keyof typeof PAGE_MODULES
>
