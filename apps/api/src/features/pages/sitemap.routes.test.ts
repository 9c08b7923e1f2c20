import { eq } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cabins } from '../../db/schema.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { sitemapRoutes } from './sitemap.routes.ts'
import { sitemapSlice, urlsetXml, w3cDatetime } from './sitemap.serialize.ts'

const PUBLIC_URL = 'https://cabanas.example'
const HOSTILE = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' }

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ env: { PUBLIC_URL } })
})
afterAll(() => ctx.close())

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1])

describe('GET /sitemap.xml', () => {
  it('lists home and legal pages on PUBLIC_URL while the catalogue is empty', async () => {
    const res = await ctx.app.inject({ url: '/sitemap.xml', headers: HOSTILE })
    expect(res.statusCode).toBe(200)
    expect(locsOf(res.body)).toEqual([`${PUBLIC_URL}/`, `${PUBLIC_URL}/terms`, `${PUBLIC_URL}/privacy`])
  })

  it('lists every cabin and every destination with absolute URLs on PUBLIC_URL, whatever Host says', async () => {
    const mazamitla = { population: 'Mazamitla', state: 'Jalisco' }
    const seeded = [
      await insertCabin(ctx.db, mazamitla),
      await insertCabin(ctx.db, mazamitla),
      await insertCabin(ctx.db, { population: 'Tepoztlán', state: 'Morelos' }),
      await insertCabin(ctx.db, { population: 'Valle de Bravo', state: 'Estado de México' }),
    ]

    const res = await ctx.app.inject({ url: '/sitemap.xml', headers: HOSTILE })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    expect(
      res.body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true)
    expect(res.body).not.toContain('evil.example')

    const locs = locsOf(res.body)
    expect(locs.every((loc) => loc?.startsWith(`${PUBLIC_URL}/`))).toBe(true)
    expect(new Set(locs).size).toBe(locs.length)
    expect(locs).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/terms`,
        `${PUBLIC_URL}/privacy`,
        `${PUBLIC_URL}/destinos/mazamitla-jalisco`,
        `${PUBLIC_URL}/destinos/tepoztlan-morelos`,
        `${PUBLIC_URL}/destinos/valle-de-bravo-estado-de-mexico`,
        ...seeded.map((cabin) => `${PUBLIC_URL}/cabin/${cabin.id}`),
      ]),
    )
    expect(locs).toHaveLength(3 + 3 + seeded.length)
  })

  it("dates a cabin by its last change, a destination by its cabins' latest, the home by the catalogue's", async () => {
    const cabin = await insertCabin(ctx.db, { population: 'Creel', state: 'Chihuahua' })
    // The trigger stamps every write with the database's clock.
    await ctx.db.update(cabins).set({ name: 'Cabaña renovada' }).where(eq(cabins.id, cabin.id))
    const [changed] = await ctx.db
      .select({ updatedAt: cabins.updatedAt })
      .from(cabins)
      .where(eq(cabins.id, cabin.id))
    const stamp = w3cDatetime(must(changed, 'changed').updatedAt)
    expect(must(changed, 'changed').updatedAt.getTime()).toBeGreaterThanOrEqual(cabin.updatedAt.getTime())

    const { body } = await ctx.app.inject({ url: '/sitemap.xml' })
    expect(body).toContain(`<url><loc>${PUBLIC_URL}/cabin/${cabin.id}</loc><lastmod>${stamp}</lastmod></url>`)
    expect(body).toContain(
      `<url><loc>${PUBLIC_URL}/destinos/creel-chihuahua</loc><lastmod>${stamp}</lastmod></url>`,
    )
    expect(body).toContain(`<url><loc>${PUBLIC_URL}/</loc><lastmod>${stamp}</lastmod></url>`)
    expect(body).toContain(`<url><loc>${PUBLIC_URL}/terms</loc></url>`)
  })
})

describe('a sitemap larger than one file', () => {
  // The same routes on the same database, with files of 3 URLs instead of 50,000.
  let small: ReturnType<typeof Fastify>
  beforeAll(async () => {
    small = Fastify()
    small.decorate('db', ctx.db)
    small.decorate('config', ctx.app.config)
    await small.register(sitemapRoutes, { urlsPerFile: 3 })
  })
  afterAll(() => small.close())

  it('serves an index of /sitemap-{n}.xml files that together list every URL once, 3 at most each', async () => {
    const whole = locsOf((await ctx.app.inject({ url: '/sitemap.xml' })).body)
    const index = await small.inject({ url: '/sitemap.xml', headers: HOSTILE })
    expect(index.statusCode).toBe(200)
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const files = locsOf(index.body)
    expect(files).toEqual(
      Array.from({ length: Math.ceil(whole.length / 3) }, (_, i) => `${PUBLIC_URL}/sitemap-${i + 1}.xml`),
    )

    const listed: (string | undefined)[] = []
    for (const file of files) {
      const res = await small.inject({ url: new URL(must(file, 'file')).pathname })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
      const locs = locsOf(res.body)
      expect(locs.length).toBeGreaterThan(0)
      expect(locs.length).toBeLessThanOrEqual(3)
      listed.push(...locs)
    }
    expect(listed).toEqual(whole)
  })

  it.each(['/sitemap-0.xml', '/sitemap-99.xml', '/sitemap-abc.xml', '/sitemap-01.xml', '/sitemap-.xml'])(
    'answers 404 for %s',
    async (url) => {
      expect((await small.inject({ url })).statusCode).toBe(404)
    },
  )
})

describe('sitemapSlice', () => {
  it.each([
    // 4 pages then 5 cabins, files of 3: [p p p] [p c c] [c c c]
    [1, { pages: { start: 0, end: 3 }, cabins: { offset: 0, limit: 0 } }],
    [2, { pages: { start: 3, end: 4 }, cabins: { offset: 0, limit: 2 } }],
    [3, { pages: { start: 4, end: 4 }, cabins: { offset: 2, limit: 3 } }],
    [4, null],
    [0, null],
  ])('file %i', (n, slice) => {
    expect(sitemapSlice(n, { pages: 4, cabins: 5, perFile: 3 })).toEqual(slice)
  })

  it('splits 100,000 cabins into files of at most 50,000 URLs', () => {
    const size = { pages: 300, cabins: 100_000, perFile: 50_000 }
    expect(sitemapSlice(1, size)?.cabins).toEqual({ offset: 0, limit: 49_700 })
    expect(sitemapSlice(2, size)?.cabins).toEqual({ offset: 49_700, limit: 50_000 })
    expect(sitemapSlice(3, size)?.cabins).toEqual({ offset: 99_700, limit: 300 })
    expect(sitemapSlice(4, size)).toBeNull()
  })
})

describe('urlsetXml', () => {
  it('escapes XML in addresses', () => {
    expect(urlsetXml([{ loc: 'https://a.example/?x=1&y=<2>' }])).toContain(
      '<loc>https://a.example/?x=1&amp;y=&lt;2&gt;</loc>',
    )
  })
})

describe('GET /robots.txt', () => {
  it('disallows private pages and API prefixes, allows the public pages, and names the sitemap on PUBLIC_URL', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt', headers: HOSTILE })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    const lines = res.body.split('\n')
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /'])
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10))
    expect(disallowed).toEqual(
      expect.arrayContaining([
        '/checkout',
        '/confirmation',
        '/profile',
        '/my-reservations',
        '/reserva/',
        '/login',
        '/register',
        '/api/',
        '/auth/',
        '/payments/',
        '/webhooks/',
        '/sandbox/',
        '/reservas/',
        '/docs',
        '/openapi.json',
        '/cotizar/',
      ]),
    )
    for (const open of ['/results', '/cabin/x', '/destinos/x', '/media/x.webp', '/assets/x.js', '/']) {
      expect(disallowed.some((prefix) => open.startsWith(prefix))).toBe(false)
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`)
    expect(res.body).not.toContain('evil.example')
  })
})
