import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's throwaway PostgreSQL databases, so the run drops its own and no other. */
    testRunId: string
  }
}

/** A throwaway database of one run: `test_<run id>_<12 hex>`. */
export function testDatabaseName(runId: string): string {
  return `test_${runId}_${randomBytes(6).toString('hex')}`
}

type Query = (text: string) => Promise<Array<{ datname: string }>>

/**
 * Drops what is left of one run's databases (a file that crashed before closing its own). Databases
 * of other runs, possibly running right now against the same server, are never touched.
 */
export async function dropRunDatabases(query: Query, runId: string): Promise<string[]> {
  if (!/^[0-9a-f]+$/.test(runId)) throw new Error(`invalid test run id: ${runId}`)
  const rows = await query(`SELECT datname FROM pg_database WHERE datname ~ '^test_${runId}_[0-9a-f]{12}$'`)
  for (const { datname } of rows) await query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  return rows.map((row) => row.datname)
}

/** Once per run of a project: gives the run its id; at the end, drops that run's leftovers. */
export default function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex')
  project.provide('testRunId', runId)
  return async () => {
    const url = process.env.TEST_DATABASE_URL
    if (!url) return
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await dropRunDatabases(async (text) => (await client.query<{ datname: string }>(text)).rows, runId)
    } finally {
      await client.end()
    }
  }
}
