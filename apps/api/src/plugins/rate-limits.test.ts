import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase } from '../test/build-test-app.ts'
import {
  checkLimits,
  clientAddressKey,
  countRecentEvents,
  pruneRateLimitEvents,
  takeLimits,
} from './rate-limits.ts'

let database: DatabaseHandle
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('the address a limit counts', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0:0:0:7', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key)
  })
})

describe('shared rate limits', () => {
  it('let exactly `limit` of a burst of simultaneous requests through', async () => {
    const rule = { key: 'burst:ip:203.0.113.5', limit: 10, windowSeconds: 600 }
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => takeLimits(database.db, [rule])))
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(10)
    expect(await countRecentEvents(database.db, rule.key, 600)).toBe(10)
  })

  it('slide: events older than the window no longer count, and Retry-After says when one frees', async () => {
    const rule = { key: 'slide:ip:203.0.113.6', limit: 3, windowSeconds: 600 }
    await database.db.execute(
      sql`insert into rate_limit_events (key, created_at) values
        (${rule.key}, now() - interval '11 minutes'),
        (${rule.key}, now() - interval '9 minutes'),
        (${rule.key}, now() - interval '5 minutes'),
        (${rule.key}, now() - interval '1 minute')`,
    )
    const verdict = await checkLimits(database.db, [rule])
    expect(verdict.ok).toBe(false)
    // Three events in the window; the oldest of them (9 minutes ago) leaves it in about a minute.
    expect(verdict.ok ? 0 : verdict.retryAfterSeconds).toBeGreaterThan(50)
    expect(verdict.ok ? 0 : verdict.retryAfterSeconds).toBeLessThanOrEqual(61)
  })

  it('refusals record nothing, so a client that keeps trying is free once its window passes', async () => {
    const rule = { key: 'refused:ip:203.0.113.7', limit: 1, windowSeconds: 600 }
    await takeLimits(database.db, [rule])
    for (let i = 0; i < 5; i++) expect((await takeLimits(database.db, [rule])).ok).toBe(false)
    expect(await countRecentEvents(database.db, rule.key, 600)).toBe(1)
  })

  it('prunes events older than a day', async () => {
    await database.db.execute(
      sql`insert into rate_limit_events (key, created_at) values ('old:ip:1', now() - interval '25 hours')`,
    )
    await pruneRateLimitEvents(database.db)
    expect(await countRecentEvents(database.db, 'old:ip:1', 3 * 86_400)).toBe(0)
  })
})
