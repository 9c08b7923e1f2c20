import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { PageAssets } from '@cabanas/contracts/ssr'

export const NO_ASSETS: PageAssets = { scripts: [], styles: [], fontPreloads: [], moduleFiles: {} }

/** Stylesheets up to this size are inlined in server-rendered pages: no render-blocking request. */
const INLINE_CSS_LIMIT = 96 * 1024

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1]

/** What the server reads of one entry of Vite's build manifest (`.vite/manifest.json`). */
type ManifestChunk = { file: string; imports?: string[] }

/**
 * For each key of the client build's manifest, the URLs of its chunk and of every chunk that chunk
 * imports statically, transitively: what the browser fetches before the module runs. Dynamic imports
 * are not followed (a page's lazy parts load when it asks for them). Empty without a manifest (a build
 * from before it existed, or tests without a build): pages then have no module preloads.
 */
export function readModuleFiles(webDistDir: string): Record<string, string[]> {
  const file = path.join(webDistDir, '.vite', 'manifest.json')
  if (!existsSync(file)) return {}
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>
  const filesOf = (key: string): string[] => {
    const seen = new Set<string>()
    const visit = (current: string) => {
      if (seen.has(current)) return
      seen.add(current)
      for (const imported of manifest[current]?.imports ?? []) visit(imported)
    }
    visit(key)
    return [...seen].flatMap((chunk) => {
      const built = manifest[chunk]?.file
      return built?.endsWith('.js') ? [`/${built}`] : []
    })
  }
  return Object.fromEntries(Object.keys(manifest).map((key) => [key, filesOf(key)]))
}

/**
 * The built client's entry script, its preloads and its stylesheet, as Vite wrote them into
 * index.html: the server-rendered document links exactly what the client-rendered one does. The
 * latin subset of the Inter font is preloaded (every page's text uses it). `moduleFiles` come from the
 * build's manifest (readModuleFiles).
 */
export function readClientAssets(webDistDir: string, indexHtml: string): PageAssets {
  const tags = indexHtml.match(/<(script|link)\b[^>]*>/g) ?? []
  const scripts: string[] = []
  const styles: string[] = []
  for (const tag of tags) {
    if (tag.startsWith('<script') && attribute(tag, 'type') === 'module') {
      const src = attribute(tag, 'src')
      if (src) scripts.push(src)
    } else if (tag.startsWith('<link')) {
      const rel = attribute(tag, 'rel')
      const href = attribute(tag, 'href')
      if (!href) continue
      if (rel === 'stylesheet') styles.push(href)
    }
  }
  const assetsDir = path.join(webDistDir, 'assets')
  const fontPreloads = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((name) => /^inter-latin-400-700-.*\.woff2$/.test(name))
        .map((name) => `/assets/${name}`)
    : []
  const css = styles.map((href) => {
    const file = path.join(webDistDir, href)
    return existsSync(file) ? readFileSync(file, 'utf8') : ''
  })
  const cssLength = css.reduce((sum, text) => sum + text.length, 0)
  const inlineStyles =
    styles.length > 0 && css.every(Boolean) && cssLength <= INLINE_CSS_LIMIT ? css.join('\n') : undefined
  return {
    scripts,
    styles,
    fontPreloads,
    moduleFiles: readModuleFiles(webDistDir),
    ...(inlineStyles === undefined ? {} : { inlineStyles }),
  }
}
