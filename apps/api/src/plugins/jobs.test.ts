import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp } from '../test/build-test-app.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

describe('periodic jobs', () => {
  it('closing the app waits for a run in flight, and starts none after', async () => {
    const twin = await ctx.buildTwin()
    let finished = false
    let runs = 0
    const job = {
      name: 'test-slow',
      intervalMs: 0,
      run: async () => {
        runs += 1
        await new Promise((resolve) => setTimeout(resolve, 300))
        finished = true
      },
    }
    const run = twin.runJobOnce(job)
    await new Promise((resolve) => setTimeout(resolve, 50))
    await twin.close()
    expect(finished).toBe(true)
    expect(await run).toBe(true)
    expect(await twin.runJobOnce(job)).toBe(false)
    expect(runs).toBe(1)
  })
})
