import { SERVER_RENDERED_PAGES } from '@cabanas/contracts/routes'
import type { PageData } from '@cabanas/contracts/ssr'
import type { Cabin } from '@cabanas/domain/catalog'
import type { QueryClient } from '@tanstack/react-query'
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router'
import { routePatterns } from '../app/paths'
import { routes } from '../app/router'
import { catalogKeys, prefetchCabin } from '../features/catalog/catalog.api'
import { prefetchDestinationPage } from '../features/catalog/destination-page.api'
import { prefetchDestinations } from '../features/catalog/destinations.api'
import { prefetchBooking } from '../features/quotes/booking-prefetch'
import { readResultsQuery } from '../features/search/results-query'
import { prefetchSearch } from '../features/search/search.api'

/** What each server loader gets: this request's query cache and the API's own data functions. */
export type LoaderContext = { queryClient: QueryClient; data: PageData }

type ServerLoader = (
  args: LoaderFunctionArgs<LoaderContext>,
  context: LoaderContext,
) => Promise<null | ReturnType<typeof data<null>>>

const notFound = () => data(null, { status: 404, statusText: 'Not Found' })
const badRequest = () => data(null, { status: 400, statusText: 'Bad Request' })

/** A cabin's pages (its details, its photos): the cabin, else the 404 page. */
/** A cabin (the photos page needs nothing else). */
const cabinLoader: ServerLoader = async ({ params }, { queryClient, data }) => {
  if (!(await prefetchCabin(queryClient, data, params.id ?? ''))) throw notFound()
  return null
}

/**
 * The data of each server-rendered page, put in the query cache under the keys its hooks read, so
 * the page renders complete on the server and hydrates without fetching. Only the server's copy of
 * the routes has loaders: in the browser the hooks fetch as they always did.
 */
const SERVER_LOADERS: Partial<Record<string, ServerLoader>> = {
  [routePatterns.home]: async (_args, { queryClient, data }) => {
    await prefetchDestinations(queryClient, data)
    return null
  },
  [routePatterns.results]: async ({ request }, { queryClient, data }) => {
    const query = readResultsQuery(new URL(request.url).searchParams)
    // A search that cannot be made (incomplete, malformed, or refused by the API: dates in the past…)
    // is a bad request: the page explains it and offers a form to fix it.
    if (!query) return badRequest()
    const outcome = await prefetchSearch(queryClient, data, query)
    return outcome === 'refused' ? badRequest() : null
  },
  [routePatterns.cabin]: async ({ params, request }, { queryClient, data }) => {
    const id = params.id ?? ''
    if (!(await prefetchCabin(queryClient, data, id))) throw notFound()
    // The booking widget's calendar and the quote of the stay in the address: the first paint shows it.
    const cabin = queryClient.getQueryData<Cabin>(catalogKeys.detail(id))
    if (cabin) await prefetchBooking(queryClient, data, cabin, new URL(request.url).searchParams)
    return null
  },
  [routePatterns.cabinPhotos]: cabinLoader,
  [routePatterns.destination]: async ({ params }, { queryClient, data }) => {
    if (!(await prefetchDestinationPage(queryClient, data, params.slug ?? ''))) throw notFound()
    return null
  },
}

/**
 * Pages the server renders (the route manifest's, and the not-found page of any other address the
 * API hands over); every other page is the client-rendered SPA (index.html).
 */
export const SERVER_RENDERED = new Set<string>([...SERVER_RENDERED_PAGES, routePatterns.notFound])

/** A copy of the route tree with the server loaders on its pages (leaf routes). */
export function serverRoutes(tree: RouteObject[] = routes): RouteObject[] {
  return tree.map((route) => {
    if (route.children) return { ...route, children: serverRoutes(route.children) } as RouteObject
    const loader = route.path === undefined ? undefined : SERVER_LOADERS[route.path]
    if (!loader) return route
    return {
      ...route,
      loader: (args: LoaderFunctionArgs) =>
        loader(args as LoaderFunctionArgs<LoaderContext>, args.context as LoaderContext),
    } as RouteObject
  })
}
