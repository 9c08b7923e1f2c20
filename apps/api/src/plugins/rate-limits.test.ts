import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase, testEngine } from '../test/build-test-app.ts'
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

describe.skipIf(testEngine !== 'postgres')('a flood on one key (PostgreSQL, a pool of 5)', () => {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  /**
   * Another process in the middle of taking `key`: a connection of its own holding the key's advisory
   * lock in an open transaction, until `release()`.
   */
  async function holdKeyElsewhere(key: string) {
    const client = await (database.db as unknown as { $client: pg.Pool }).$client.connect()
    await client.query('begin')
    await client.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`rate:${key}`])
    return {
      /** Sessions of this database waiting on an advisory lock now. */
      waiting: async () => {
        const { rows } = await client.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        )
        return rows[0].n as number
      },
      release: async () => {
        await client.query('commit')
        client.release()
      },
    }
  }
  /** How long a query unrelated to the flood waits for a pooled connection and runs. */
  async function unrelatedQueryMs() {
    const started = performance.now()
    await Promise.race([database.db.execute(sql`select 1`), wait(3000)])
    return performance.now() - started
  }

  it('holds one pooled connection per key, not the pool: other requests still get one', async () => {
    const rule = { key: 'flood:ip:203.0.113.8', limit: 3, windowSeconds: 600 }
    const elsewhere = await holdKeyElsewhere(rule.key)
    const flood = Promise.all(Array.from({ length: 20 }, () => takeLimits(database.db, [rule])))
    await wait(300)
    expect(await elsewhere.waiting()).toBe(1)
    expect(await unrelatedQueryMs()).toBeLessThan(1000)
    await elsewhere.release()
    const verdicts = await flood
    expect(verdicts.filter((verdict) => verdict.ok)).toHaveLength(3)
    expect(await countRecentEvents(database.db, rule.key, 600)).toBe(3)
  })

  it('answers a key it has refused from memory until its Retry-After, without waiting on the database', async () => {
    const rule = { key: 'refused-flood:ip:203.0.113.9', limit: 2, windowSeconds: 600 }
    for (let i = 0; i < 2; i++) expect((await takeLimits(database.db, [rule])).ok).toBe(true)
    const first = await takeLimits(database.db, [rule])
    expect(first.ok).toBe(false)
    const elsewhere = await holdKeyElsewhere(rule.key)
    try {
      const started = performance.now()
      const verdicts = await Promise.all(Array.from({ length: 50 }, () => takeLimits(database.db, [rule])))
      expect(performance.now() - started).toBeLessThan(500)
      expect(verdicts.every((verdict) => !verdict.ok && verdict.retryAfterSeconds > 500)).toBe(true)
      expect(await elsewhere.waiting()).toBe(0)
    } finally {
      await elsewhere.release()
    }
    // A rule with room is still asked of the database, and still takes its unit.
    expect((await takeLimits(database.db, [{ ...rule, limit: 3 }])).ok).toBe(true)
  })
})
