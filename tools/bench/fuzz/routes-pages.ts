import { cabinOf, type RouteSpec, slugOf, stay } from './context.ts'

/** Public files and pages rendered on the server (features/pages, catalog media), and the API's reference. */
export const PAGE_ROUTES: RouteSpec[] = [
  {
    method: 'GET',
    url: '/media/*',
    params: (ctx, random) => ({
      '*': (ctx.mediaPaths.length > 0 ? random.pick(ctx.mediaPaths) : '/media/cabins/x/1.webp').replace(
        /^\/media\//,
        '',
      ),
    }),
  },
  // The public pages, rendered on the server (features/pages), and what search engines read.
  { method: 'GET', url: '/' },
  {
    method: 'GET',
    url: '/results',
    query: (ctx, random) => {
      const { checkIn, checkOut } = stay(ctx, random)
      return [
        ['location', cabinOf(ctx, random).place],
        ['checkIn', checkIn],
        ['checkOut', checkOut],
        ['guests', String(random.int(1, 8))],
      ]
    },
  },
  { method: 'GET', url: '/cabin/:id', params: (ctx, random) => ({ id: cabinOf(ctx, random).id }) },
  { method: 'GET', url: '/cabin/:id/fotos', params: (ctx, random) => ({ id: cabinOf(ctx, random).id }) },
  { method: 'GET', url: '/destinos/:slug', params: (ctx, random) => ({ slug: slugOf(ctx, random) }) },
  { method: 'GET', url: '/terms' },
  { method: 'GET', url: '/privacy' },
  { method: 'GET', url: '/sitemap.xml' },
  { method: 'GET', url: '/sitemap-:page.xml', params: () => ({ page: '1' }) },
  { method: 'GET', url: '/robots.txt' },
  // The API's reference (plugins/openapi.ts): Swagger UI, its copies of the document, its files.
  { method: 'GET', url: '/docs' },
  { method: 'GET', url: '/docs/json' },
  { method: 'GET', url: '/docs/yaml' },
  {
    method: 'GET',
    url: '/docs/static/*',
    params: (_ctx, random) => ({
      '*': random.pick(['swagger-ui.css', 'index.css', 'swagger-initializer.js']),
    }),
  },
]
