import { describe, expect, it } from 'vitest'
import { API_BASES, NOT_PAGE_PREFIXES, pagePatterns, publicPaths, SERVER_RENDERED_PAGES } from './routes.ts'

describe('publicPaths.trip', () => {
  it('is the singular /reserva/{id}, apart from the /reservas API prefix', () => {
    expect(publicPaths.trip('5f3c1a2b-0000-4000-8000-000000000001')).toBe(
      '/reserva/5f3c1a2b-0000-4000-8000-000000000001',
    )
    expect(publicPaths.trip('a/b?c')).toBe('/reserva/a%2Fb%3Fc')
  })
})

describe('the route manifest', () => {
  it('has no page under a prefix of the server', () => {
    const pages: string[] = Object.values(pagePatterns).filter((pattern) => pattern !== pagePatterns.notFound)
    for (const page of pages)
      for (const prefix of NOT_PAGE_PREFIXES)
        expect(page === prefix || page.startsWith(`${prefix}/`)).toBe(false)
  })

  it('renders on the server only pages of the web app', () => {
    for (const page of SERVER_RENDERED_PAGES) expect(Object.values(pagePatterns)).toContain(page)
  })

  it('builds each public page on its pattern', () => {
    expect(publicPaths.cabin('a b')).toBe('/cabin/a%20b')
    expect(publicPaths.cabinPhotos('x')).toBe('/cabin/x/fotos')
    expect(publicPaths.destination('mazamitla-jalisco')).toBe('/destinos/mazamitla-jalisco')
    expect(API_BASES).toContain('/cotizar')
  })
})
