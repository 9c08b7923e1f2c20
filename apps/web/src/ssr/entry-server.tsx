import { EARLY_TAPS_SCRIPT } from '@cabanas/contracts/early-taps'
import type {
  PageAssets,
  PageRenderer,
  PublicWebConfig,
  RenderedPage,
  RenderPageInput,
} from '@cabanas/contracts/ssr'
import { dehydrate } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router'
import { routePatterns } from '../app/paths'
import { AppProviders, createQueryClient } from '../app/providers'
import { routes } from '../app/router'
import { applyServerConfig } from '../lib/config'
import { scriptJson } from '../lib/script-json'
import { BOOT_MODULES, PAGE_MODULES } from './first-view-modules'
import { SSR_STATE_ID, type SsrState, serializeRouteErrors } from './hydration-state'
import { type LoaderContext, SERVER_RENDERED, serverRoutes } from './server-routes'

const handler = createStaticHandler(serverRoutes())

/** The deepest route a path matches: its pattern decides whether the server renders it. */
function leafPattern(pathname: string): string | undefined {
  return matchRoutes(routes, pathname)?.at(-1)?.route.path
}

function servesPath(pathname: string): boolean {
  const pattern = leafPattern(pathname)
  return pattern !== undefined && SERVER_RENDERED.has(pattern)
}

/**
 * Renders a public page: React Router's static handler runs the page's server loader (which fills the
 * query cache from the API's data functions), then React streams the whole document. The stream is
 * handed over once every Suspense boundary is ready: the data is already loaded, so that costs well
 * under a millisecond, and the HTML is complete for crawlers and for readers without JavaScript (no
 * boundary waits on an inline script). A render that fails before the shell rejects: the API answers
 * with the client-rendered page instead.
 */
async function render({ path, data, assets, config }: RenderPageInput): Promise<RenderedPage> {
  applyServerConfig(config)
  const queryClient = createQueryClient()
  const request = new Request(new URL(path, config.publicUrl), { headers: { accept: 'text/html' } })
  const requestContext: LoaderContext = { queryClient, data }
  const context = await handler.query(request, { requestContext })
  if (context instanceof Response) {
    const location = context.headers.get('location')
    if (location && (context.status === 301 || context.status === 302)) {
      return { kind: 'redirect', status: context.status, location }
    }
    throw new Error(`Unexpected response from a loader: ${context.status}`)
  }
  const isUnknownPath = context.matches.at(-1)?.route.path === '*'
  const status = isUnknownPath ? 404 : context.statusCode
  const state: SsrState = {
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeRouteErrors(context.errors),
    },
    queries: dehydrate(queryClient),
  }
  const router = createStaticRouter(handler.dataRoutes, context)
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>
  )
  const stream = await renderToReadableStream(
    <Document
      assets={assets}
      config={config}
      state={state}
      modulePreloads={firstViewFiles(assets, context.matches.at(-1)?.route.path)}
    >
      {app}
    </Document>,
    {
      // Every boundary is complete before the first byte (allReady below): none is sent apart, so
      // the HTML needs no inline script to reveal it and reads the same without JavaScript.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        // A component that throws inside a Suspense boundary is rendered by the browser instead.
        console.error(error)
      },
    },
  )
  await stream.allReady
  const body = chunksOf(stream)
  return { kind: 'html', status, body }
}

/**
 * The JavaScript files a page needs before it hydrates, but its entry script: the entry's start (the
 * libraries, the app) and the page's own modules (first-view-modules.ts), as the build's manifest lists
 * their chunks. `pattern` is the page's route pattern.
 */
function firstViewFiles(assets: PageAssets, pattern: string | undefined): string[] {
  const page = Object.entries(routePatterns).find(([, value]) => value === pattern)?.[0]
  const pageModules: readonly string[] =
    page !== undefined && page in PAGE_MODULES ? PAGE_MODULES[page as keyof typeof PAGE_MODULES] : []
  const files = new Set([...BOOT_MODULES, ...pageModules].flatMap((key) => assets.moduleFiles[key] ?? []))
  for (const script of assets.scripts) files.delete(script)
  return [...files]
}

async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    yield value
  }
}

type DocumentProps = {
  assets: PageAssets
  /** The page's JavaScript files but the entry (firstViewFiles). */
  modulePreloads: string[]
  config: PublicWebConfig
  state: SsrState
  children: React.ReactNode
}

/**
 * The document around a server-rendered page. Only `#root` is hydrated; each page renders its own
 * `<title>`, meta tags and canonical link, which React places in this head.
 */
function Document({ assets, config, state, modulePreloads, children }: DocumentProps) {
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* In the head, so before anything is painted: keeps a tap made before the app runs (its CSP hash allows it). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_TAPS_SCRIPT }} />
        <meta name="theme-color" content="#24553c" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {assets.fontPreloads.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
        {assets.inlineStyles !== undefined ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own built stylesheet
          <style dangerouslySetInnerHTML={{ __html: assets.inlineStyles }} />
        ) : (
          assets.styles.map((href) => <link key={href} rel="stylesheet" href={href} />)
        )}
        {/* Every file of the page's code, asked for at once (a module's imports are otherwise found one
            level at a time, a round trip each). Low priority: the first paint's photo and font go first. */}
        {modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
        <script
          type="application/json"
          id="app-config"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by scriptJson
          dangerouslySetInnerHTML={{ __html: scriptJson(config) }}
        />
      </head>
      {/* Two children, #root first: app/hydrate.tsx's atServerPlace mirrors this shape (useId). */}
      <body>
        <div id="root">{children}</div>
        <>
          <script
            type="application/json"
            id={SSR_STATE_ID}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by scriptJson
            dangerouslySetInnerHTML={{ __html: scriptJson(state) }}
          />
          {/* After the content: the page is parsed before its code runs (the head's low-priority preloads
              fetch the rest of the code meanwhile). */}
          {assets.scripts.map((src) => (
            <script key={src} type="module" src={src} />
          ))}
        </>
      </body>
    </html>
  )
}

export const renderer: PageRenderer = { render, servesPath }
