import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/build-test-app.ts'
import { must } from '../test/must.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

const page = (url: string) => ctx.app.inject({ url, headers: { accept: 'text/html' } })

describe('Referrer-Policy', () => {
  it.each([
    '/reserva/0f8a3c3e-5d6b-4f53-9a8e-3b1f2a7c9d10',
    '/reserva/0f8a3c3e-5d6b-4f53-9a8e-3b1f2a7c9d10?token=de-un-correo-anterior',
  ])('is no-referrer on the trip page, whose address may hold its secret: %s', async (url) => {
    expect((await page(url)).headers['referrer-policy']).toBe('no-referrer')
  })

  it.each(['/', '/my-reservations', '/reservas/cotizar'])(
    'stays strict-origin-when-cross-origin on %s',
    async (url) => {
      expect((await page(url)).headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    },
  )
})

describe('Cross-Origin-Resource-Policy', () => {
  /** A cabin photo as the mails link it: the first card picture under MEDIA (committed files). */
  function mailedPhotoPath(): string {
    const cabins = path.join(ctx.app.config.mediaDir, 'cabins')
    const slug = must(readdirSync(cabins).sort()[0], 'readdirSync(cabins).sort()[0]')
    const file = must(
      readdirSync(path.join(cabins, slug)).find((name) => name.endsWith('-card.webp')),
      "readdirSync(path.join(cabins, slug)).find((name) => name.endsWith('...",
    )
    return `/media/cabins/${slug}/${file}`
  }

  it('is cross-origin on a cabin photo: mail clients and link previews load it from other origins', async () => {
    const res = await ctx.app.inject({ url: mailedPhotoPath(), headers: { accept: 'image/*' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
  })

  it.each([
    ['a page', '/'],
    ['the trip page', '/reserva/0f8a3c3e-5d6b-4f53-9a8e-3b1f2a7c9d10'],
    ['the public settings', '/api/app-config'],
    ['an API answer', '/habitaciones'],
    ['a private API answer', '/auth/reservations'],
    ['a path that only starts like /media', '/mediateca/foto.webp'],
    ['a missing page', '/no-existe'],
  ])('stays same-origin on %s (%s)', async (_name, url) => {
    expect((await page(url)).headers['cross-origin-resource-policy']).toBe('same-origin')
  })
})
