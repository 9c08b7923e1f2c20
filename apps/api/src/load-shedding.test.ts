import { messages } from '@cabanas/domain/shared'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { buildTestApp } from './test/build-test-app.ts'

/**
 * Keeps this process's event loop busy for `totalMs`, in blocking slices of `sliceMs` with a turn of
 * the loop between them: every sample of the loop's delay is about `sliceMs`, as on a saturated server.
 */
async function saturateEventLoop(totalMs: number, sliceMs: number) {
  const end = Date.now() + totalMs
  while (Date.now() < end) {
    const sliceEnd = Date.now() + sliceMs
    while (Date.now() < sliceEnd) {
      // busy
    }
    await new Promise((resolve) => setImmediate(resolve))
  }
}

describe('load shedding (MAX_EVENT_LOOP_DELAY_MS)', () => {
  const apps: Array<Awaited<ReturnType<typeof buildTestApp>>> = []
  afterAll(async () => {
    for (const ctx of apps) await ctx.close()
  })

  it('is on by default outside tests, and off in the apps tests build', () => {
    expect(loadConfig({}).maxEventLoopDelayMs).toBe(1000)
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://cabanas.mx',
        TRUST_PROXY: 'false',
        PAYMENTS: 'sandbox',
        SECRETS_KEY: 'una-llave-de-secretos-de-prueba-de-32-caracteres-o-mas',
      }).maxEventLoopDelayMs,
    ).toBe(1000)
    expect(loadConfig({ NODE_ENV: 'test' }).maxEventLoopDelayMs).toBe(0)
    expect(loadConfig({ NODE_ENV: 'test', MAX_EVENT_LOOP_DELAY_MS: '250' }).maxEventLoopDelayMs).toBe(250)
    expect(() => loadConfig({ MAX_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(
      'MAX_EVENT_LOOP_DELAY_MS no puede ser negativo',
    )
  })

  it('answers 503 in Spanish while the event loop lags over the limit, and only where it is on', async () => {
    // The production limit (1 s), and the same app as every other test builds it (no variable).
    const shedding = await buildTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '1000' } })
    apps.push(shedding)
    const plain = await buildTestApp()
    apps.push(plain)

    // 1.5 s blocks for 4.5 s: at least one whole one-second sample of under-pressure sees a mean delay
    // over 1 s. Both apps live in this process, so both see the same saturated loop.
    await saturateEventLoop(4500, 1500)
    const [shed, served] = await Promise.all([
      shedding.app.inject({ url: '/health' }),
      plain.app.inject({ url: '/health' }),
    ])

    expect(shed.statusCode).toBe(503)
    expect(shed.headers['retry-after']).toBe('10')
    expect(shed.json()).toMatchObject({ errorType: 'SERVICE_UNAVAILABLE', message: messages.overloaded })
    expect(messages.overloaded).toMatch(/^El servicio está saturado/)
    expect(served.statusCode).toBe(200)

    // Once the loop is free again, the shedding app serves again (the next sample is calm).
    const deadline = Date.now() + 15_000
    let status = shed.statusCode
    while (status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      status = (await shedding.app.inject({ url: '/health' })).statusCode
    }
    expect(status).toBe(200)
  })
})
