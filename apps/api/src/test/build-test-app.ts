import { readFile } from 'node:fs/promises'
import type { PageRenderer } from '@cabanas/contracts/ssr'
import type { CalendarDate } from '@cabanas/domain/shared'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { type DatabaseHandle, openDatabase } from '../db/client.ts'
import { fixedClock } from '../plugins/clock.ts'
import { testDatabaseName } from './global-setup.ts'

export type TestEngine = 'pglite' | 'postgres'

/** The engine this Vitest project runs on: PGlite, or PostgreSQL when the project sets TEST_ENGINE. */
export const testEngine: TestEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite'

/**
 * A fresh, migrated, empty database for one test file, copied from the run's migrated template
 * (global-setup.ts): in-memory PGlite, or a throwaway database on the server of TEST_DATABASE_URL,
 * named after this run (the run's teardown drops what a crashed file left). `close()` drops it.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('migratedTemplate')
  if (testEngine === 'pglite') {
    const dump = new Blob([await readFile(template)])
    const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: dump })
    // Already migrated: a no-op unless a migration was added after the run started.
    await handle.migrate()
    return handle
  }
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL')
  const name = testDatabaseName(inject('testRunId'))
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
  const databaseUrl = new URL(url)
  databaseUrl.pathname = `/${name}`
  const handle = await openDatabase({ url: databaseUrl.toString(), maxConnections: 5 })
  await handle.migrate()
  return {
    ...handle,
    async close() {
      await handle.close()
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    },
  }
}

export async function buildTestApp({
  today = '2026-06-01',
  env = {},
  pageRenderer = null,
}: {
  today?: CalendarDate
  env?: Record<string, string>
  /** The web's page renderer (test/page-renderer.ts loads it); none: every page is the SPA's. */
  pageRenderer?: PageRenderer | null
} = {}) {
  const database = await openTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    SEARCH_INDEX_MAX_STALENESS_MS: '0',
    RECONCILE_INTERVAL_MS: '0',
    OUTBOX_INTERVAL_MS: '0',
    ...env,
  })
  const clock = fixedClock(today)
  const start = async () => {
    const app = await buildApp({ config, clock, database, logger: false, pageRenderer })
    await app.ready()
    return app
  }
  const app = await start()
  const twins: Awaited<ReturnType<typeof start>>[] = []
  return {
    app,
    db: database.db,
    /** The database handle, for what runs before the app at start (migrations, seed). */
    database,
    clock,
    /** Another instance of the app on the same database, as a second API process would be. */
    async buildTwin() {
      const twin = await start()
      twins.push(twin)
      return twin
    },
    async close() {
      for (const twin of twins) await twin.close()
      await app.close()
      await database.close()
    },
  }
}

type TestApp = Awaited<ReturnType<typeof buildTestApp>>

/**
 * The app of one test file (call at its top): built on a fresh database before the file's tests, closed
 * after them. What it answers reads the app of the moment, so a test kit can hand it out before it exists.
 */
export function useTestApp(options: Parameters<typeof buildTestApp>[0] = {}) {
  let built: TestApp | undefined
  beforeAll(async () => {
    built = await buildTestApp(options)
  })
  afterAll(async () => {
    await built?.close()
    built = undefined
  })
  const current = () => {
    if (!built) throw new Error('The test app is built in beforeAll and closed in afterAll')
    return built
  }
  return {
    get app() {
      return current().app
    },
    get db() {
      return current().db
    },
    get clock() {
      return current().clock
    },
  }
}
