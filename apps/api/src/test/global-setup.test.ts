import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, executeRows } from '../db/client.ts'
import { openTestDatabase } from './build-test-app.ts'
import { dropRunDatabases, testDatabaseName } from './global-setup.ts'

// CREATE/DROP DATABASE on the server of TEST_DATABASE_URL, or on the in-memory PGlite of this file.
let database: DatabaseHandle
const query = (text: string) => executeRows<{ datname: string }>(database.db, sql.raw(text))
const exists = async (name: string) =>
  (await query(`SELECT datname FROM pg_database WHERE datname = '${name}'`)).length === 1

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

describe('the test run cleanup', () => {
  it("drops the databases its own run left and none of another run's", async () => {
    const runId = randomBytes(4).toString('hex')
    const leftover = testDatabaseName(runId)
    const otherRuns = [
      testDatabaseName(randomBytes(4).toString('hex')),
      // The name an older checkout's run gives its databases.
      `test_${randomBytes(6).toString('hex')}`,
    ]
    for (const name of [leftover, ...otherRuns]) await query(`CREATE DATABASE "${name}"`)
    try {
      const dropped = await dropRunDatabases(query, runId)

      expect(dropped).toEqual([leftover])
      expect(await exists(leftover)).toBe(false)
      for (const name of otherRuns) expect(await exists(name)).toBe(true)
    } finally {
      for (const name of [leftover, ...otherRuns])
        await query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    }
  })
})
