import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Names this run's throwaway PostgreSQL databases, so the run drops its own and no other. */
    testRunId: string
    /**
     * A database every migration has run on, that each test file's fresh database starts from: a
     * PGlite dump (a file path) or a PostgreSQL template database (its name).
     */
    migratedTemplate: string
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

/**
 * Runs the migrations once per run, so a test file's database is a copy instead of a new cluster
 * migrated again (PGlite's initdb and 18 migrations took 2.4 s quiet, 23 s at load 14; loading the
 * dump took a fifth of that).
 */
async function migratedTemplate(
  engine: 'pglite' | 'postgres',
  runId: string,
): Promise<{ template: string; remove(): void }> {
  if (engine === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' })
    const file = path.join(tmpdir(), `cabanas-test-${runId}.tar`)
    try {
      await handle.migrate()
      const dump = await handle.dumpDataDir?.()
      if (!dump) throw new Error('PGlite cannot dump its data directory')
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    } finally {
      await handle.close()
    }
    return { template: file, remove: () => rmSync(file, { force: true }) }
  }
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('the PostgreSQL project needs TEST_DATABASE_URL')
  const name = testDatabaseName(runId)
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const templateUrl = new URL(url)
  templateUrl.pathname = `/${name}`
  const handle = await openDatabase({ url: templateUrl.toString(), maxConnections: 1 })
  try {
    await handle.migrate()
  } finally {
    // A template database is copied only while nobody is connected to it.
    await handle.close()
  }
  // Dropped with the run's other databases at the end.
  return { template: name, remove: () => {} }
}

/**
 * Once per run of a project: gives the run its id and its migrated template; at the end, drops that
 * run's leftovers.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex')
  project.provide('testRunId', runId)
  const engine = project.name === 'api-postgres' ? 'postgres' : 'pglite'
  const template = await migratedTemplate(engine, runId)
  project.provide('migratedTemplate', template.template)
  return async () => {
    template.remove()
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
