import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type InlineConfig, type Plugin, parseAst, type Rolldown } from 'vite'
// By its path: Vite bundles the config's relative imports, but loads a package's (TypeScript) as is.
import { SERVER_PREFIXES } from '../../packages/contracts/src/routes.ts'
import { type FirstViewRoots, planFirstViewChunks } from './first-view-chunks.ts'
import { GROUPED_PAGES, PAGE_MODULES } from './src/ssr/first-view-modules.ts'

/** Paths the API serves (route manifest); in dev they go to the API on :3000, in production it is the same origin. */
const API_PATHS = SERVER_PREFIXES
const API_ORIGIN = 'http://localhost:3000'

const DOMAIN_SOURCE = /\/packages\/(domain|contracts)\/src\/[^?]*\.ts$/

/**
 * The domain and contracts packages are pure (house style: no I/O, no global state but zod's locale), so its
 * top-level `const X = call(...)` values, zod schemas above all, can be dropped when unused. The
 * bundler cannot prove that a call is pure, so this marks each such initializer as a pure IIFE.
 * Without it, importing `searchMessages` or `POPULAR_DESTINATIONS` brings zod and every schema of
 * the module into the chunk. Statements such as `z.config(...)` are not declarations and stay.
 */
function pureDomainDeclarations(): Plugin {
  return {
    name: 'cabanas:pure-domain-declarations',
    apply: 'build',
    transform: {
      filter: { id: DOMAIN_SOURCE },
      handler(code) {
        const edits: Array<{ at: number; text: string }> = []
        for (const statement of parseAst(code).body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
          if (declaration?.type !== 'VariableDeclaration') continue
          for (const { init } of declaration.declarations) {
            if (init?.type !== 'CallExpression') continue
            edits.push({ at: init.start, text: '/* @__PURE__ */ (() => ' }, { at: init.end, text: ')()' })
          }
        }
        if (edits.length === 0) return null
        let result = code
        for (const { at, text } of edits.sort((a, b) => b.at - a.at)) {
          result = result.slice(0, at) + text + result.slice(at)
        }
        return { code: result, map: null }
      },
    },
  }
}

/**
 * In production the API writes the runtime config into index.html; the dev server asks the API for
 * the same public values, so the checkout uses this installation's sandbox credentials.
 */
function devAppConfig(): Plugin {
  return {
    name: 'cabanas:dev-app-config',
    apply: 'serve',
    async transformIndexHtml(html) {
      try {
        const res = await fetch(`${API_ORIGIN}/api/app-config`)
        if (!res.ok) return html
        const json = (await res.text()).replaceAll('<', '\\u003c')
        return html.replace(
          '<!--app-config-->',
          `<script type="application/json" id="app-config">${json}</script>`,
        )
      } catch {
        return html
      }
    },
  }
}

/** A module's absolute path from its path in apps/web. */
const source = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** The modules of a server page's first view (src/ssr/first-view-modules.ts, first-view-chunks.ts). */
const FIRST_VIEW_ROOTS: FirstViewRoots = {
  entry: source('src/app/main.tsx'),
  app: source('src/app/start.tsx'),
  pages: Object.fromEntries(GROUPED_PAGES.map((page) => [page, PAGE_MODULES[page].map(source)])),
}

/** React, React DOM, React Router and TanStack Query: every page needs all of them. */
const FRAMEWORK: Rolldown.CodeSplittingGroup = {
  name: 'framework',
  test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
  priority: 20,
}

/** The app's build, with these chunk groups besides rolldown's own chunking. */
function appConfig(groups: Rolldown.CodeSplittingGroup[]): InlineConfig {
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react(), tailwindcss(), pureDomainDeclarations(), devAppConfig()],
    server: {
      proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
    },
    preview: {
      proxy: Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN, changeOrigin: true }])),
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      assetsDir: 'assets',
      // .vite/manifest.json: the server lists a page's chunks from it (modulepreload, entry-server.tsx).
      manifest: true,
      // No <link rel=modulepreload> per dependency of a dynamic import: on a phone, appending ~70 links
      // when a server page starts its code cost a 40 ms task (4× CPU); the modules' own imports fetch the
      // same files one level at a time.
      modulePreload: false,
      rolldownOptions: {
        treeshake: {
          // The domain package is pure: a module none of whose exports is used can be dropped. Without
          // this, importing `formatMxn` from the `shared` barrel would bring zod and every schema along.
          moduleSideEffects: [{ test: /\/packages\/domain\/src\//, sideEffects: false }],
        },
        experimental: { lazyBarrel: true },
        output: { codeSplitting: { groups } },
      },
    },
  }
}

export default defineConfig(async ({ command, isSsrBuild }) => {
  // The browser's build: a first build with rolldown's own chunks tells which modules each public
  // page's first view loads, the second puts them in a few chunks (first-view-chunks.ts).
  if (command !== 'build' || isSsrBuild) return appConfig([FRAMEWORK])
  const plan = await planFirstViewChunks(appConfig([FRAMEWORK]), FIRST_VIEW_ROOTS)
  return appConfig([
    FRAMEWORK,
    {
      name: (id) => plan.get(id) ?? null,
      debugName: 'first-view',
      priority: 10,
      // Each module where the plan puts it: a dependency of a page's module that other pages load
      // too belongs in their common chunk, not in the page's.
      includeDependenciesRecursively: false,
    },
  ])
})
