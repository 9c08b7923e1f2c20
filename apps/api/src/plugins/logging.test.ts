import type { FastifyBaseLogger } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { fixedClock } from '../plugins/clock.ts'
import { openTestDatabase } from '../test/build-test-app.ts'
import { createRefusalLog, REFUSALS_LOGGED_PER_MINUTE } from './logging.ts'

describe('refusals are logged sampled', () => {
  function recorder() {
    const lines: { fields: Record<string, unknown>; message: string }[] = []
    const log = {
      warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }),
    } as unknown as FastifyBaseLogger
    return { lines, log }
  }

  it('writes the first few of a key in a minute, then one line saying how many were left out', () => {
    const { lines, log } = recorder()
    let now = 0
    const refusals = createRefusalLog(log, { now: () => now })
    for (let i = 0; i < 50; i++)
      refusals.warn('rate limited 203.0.113.7', { keys: ['reset-ip'] }, 'rate limited')
    refusals.warn('rate limited 198.51.100.1', { keys: ['reset-ip'] }, 'rate limited')
    expect(lines).toHaveLength(REFUSALS_LOGGED_PER_MINUTE + 1)

    now = 61_000
    refusals.flush()
    expect(lines.slice(-1)).toEqual([
      {
        fields: { refusal: 'rate limited 203.0.113.7', notLogged: 50 - REFUSALS_LOGGED_PER_MINUTE },
        message: 'rate limited: more refusals of the minute not logged',
      },
    ])
    // A new minute starts a new sample.
    refusals.warn('rate limited 203.0.113.7', { keys: ['reset-ip'] }, 'rate limited')
    expect(lines.at(-1)).toMatchObject({ message: 'rate limited', fields: { keys: ['reset-ip'] } })
  })
})

describe('a flood of refused requests in the log', () => {
  const logLines: string[] = []
  let database: DatabaseHandle
  let app: Awaited<ReturnType<typeof buildApp>>
  beforeAll(async () => {
    database = await openTestDatabase()
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent',
      SEARCH_INDEX_MAX_STALENESS_MS: '0',
      RECONCILE_INTERVAL_MS: '0',
      OUTBOX_INTERVAL_MS: '0',
    })
    app = await buildApp({
      config,
      clock: fixedClock('2026-06-01'),
      database,
      logger: { level: 'info', stream: { write: (line) => void logLines.push(line) } },
    })
    await app.ready()
  })
  afterAll(() => database.close())

  it('costs a few warn lines, then one summary, with no e-mail in any', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email: `victima.${i}@ejemplo.mx` },
        remoteAddress: '203.0.113.50',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(30)
    await app.close()
    const warns = logLines.map((line) => JSON.parse(line)).filter((line) => line.level === 40)
    const refused = warns.filter((line) => line.msg === 'rate limited')
    expect(refused).toHaveLength(REFUSALS_LOGGED_PER_MINUTE)
    expect(refused[0]).toMatchObject({ keys: ['reset-ip'], refusal: 'rate limited reset-ip 203.0.113.50' })
    expect(warns.filter((line) => line.notLogged === 30 - REFUSALS_LOGGED_PER_MINUTE)).toHaveLength(1)
    expect(logLines.join('\n')).not.toContain('@ejemplo.mx')
  })
})
