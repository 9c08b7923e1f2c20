import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from './test/build-test-app.ts'
import { insertCabin } from './test/factories.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

describe('the HTTP app', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const res = await ctx.app.inject({ url: '/api/no-existe' })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json()).toMatchObject({
      success: false,
      errorType: 'NOT_FOUND',
      error: 'La ruta solicitada no existe',
    })
  })

  it('answers malformed JSON with a Spanish 400, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/habitaciones',
      headers: { 'content-type': 'application/json' },
      payload: '{"habitacionId": ',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      errorType: 'BAD_REQUEST',
      error: 'El cuerpo de la solicitud no es un JSON válido',
    })
  })

  it('refuses an oversized body with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/habitaciones',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(200 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({
      errorType: 'PAYLOAD_TOO_LARGE',
      error: 'La solicitud es demasiado grande',
    })
  })

  it('reports a healthy database on /health', async () => {
    const res = await ctx.app.inject({ url: '/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite',
      // The search index's own report: features/search/search-sync.test.ts.
      searchIndex: { lastErrorCode: null },
    })
  })

  it("hands the web its public settings, with this installation's sandbox keys", async () => {
    const res = await ctx.app.inject({ url: '/api/app-config' })
    expect(res.json()).toMatchObject({
      openpay: { merchantId: ctx.app.config.openpay.merchantId, publicKey: ctx.app.config.openpay.publicKey },
    })
    expect(ctx.app.config.openpay.publicKey).toMatch(/^pk_/)
  })

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/health' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
  })

  it('compresses large JSON responses with brotli', async () => {
    for (let i = 0; i < 3; i++) await insertCabin(ctx.db)
    const res = await ctx.app.inject({ url: '/habitaciones', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
  })
})

describe('content security policy with real Openpay keys', () => {
  it('allows Openpay.js and its API, and nothing else outside', async () => {
    const real = await buildTestApp({
      env: {
        OPENPAY_MERCHANT_ID: 'mzdtln0bmtms6o3kck8f',
        OPENPAY_PRIVATE_KEY: 'sk_e568c42a6c384b7ab02cd47d2e407cab',
        OPENPAY_PUBLIC_KEY: 'pk_1b1ad1e6d01d4e4b9b7f0ffb4e5f2c3d',
        OPENPAY_WEBHOOK_USER: 'openpay',
        OPENPAY_WEBHOOK_PASSWORD: 'una-clave-larga-de-webhook',
      },
    })
    const csp = String((await real.app.inject({ url: '/health/live' })).headers['content-security-policy'])
    expect(csp).toContain("script-src 'self' https://resources.openpay.mx https://sandbox-api.openpay.mx")
    expect(csp).toContain("connect-src 'self' https://sandbox-api.openpay.mx")
    await real.close()
  })
})
