import { messages } from '@cabanas/domain/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/build-test-app.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

describe("the router's own refusals", () => {
  it('a path parameter over 100 characters is the Spanish JSON 404 of an unknown address, not English', async () => {
    for (const url of [`/api/bookings/${'a'.repeat(101)}`, `/destinos/${'x'.repeat(500)}`]) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.json()).toEqual({
        success: false,
        error: messages.routeNotFound,
        errorType: 'NOT_FOUND',
        message: messages.routeNotFound,
      })
    }
  })

  it('a malformed %-escape in the path is the Spanish JSON 400, without echoing the path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/bookings/%E0%A4%A' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      success: false,
      errorType: 'BAD_REQUEST',
      message: messages.invalidRequest,
    })
    expect(res.body).not.toContain('%E0')
  })
})
