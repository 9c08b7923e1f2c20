import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { PageAssets } from '@cabanas/domain/pages'

export const NO_ASSETS: PageAssets = { scripts: [], styles: [], fontPreloads: [] }

/** Stylesheets up to this size are inlined in server-rendered pages: no render-blocking request. */
const INLINE_CSS_LIMIT = 96 * 1024

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1]

/**
 * The built client's entry script, its preloads and its stylesheet, as Vite wrote them into
 * index.html: the server-rendered document links exactly what the client-rendered one does. The
 * latin subset of the Inter font is preloaded (every page's text uses it).
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
    ...(inlineStyles === undefined ? {} : { inlineStyles }),
  }
}
