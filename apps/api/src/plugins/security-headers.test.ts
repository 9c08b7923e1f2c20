import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/build-test-app.ts'

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
