import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PageRenderer } from '@cabanas/contracts/ssr'

/** The web's server renderer, from source (the built one is apps/web/dist-ssr). */
const SOURCE_ENTRY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/src/ssr/entry-server.tsx',
)

/**
 * The web's page renderer as the API loads it, from the web's source: Vitest transforms its TSX as
 * Vite builds it. The path is a variable so that `tsc -p apps/api` does not type-check the web.
 */
export async function loadSourcePageRenderer(): Promise<PageRenderer> {
  const module = (await import(/* @vite-ignore */ SOURCE_ENTRY)) as { renderer: PageRenderer }
  return module.renderer
}
