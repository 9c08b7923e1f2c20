import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import * as schema from './schema.ts'

/** One handle type over both drivers: every query is written once. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export type DatabaseHandle = {
  db: Database
  engine: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /** PGlite only: the whole cluster as a tarball, for `loadDataDir` (tests copy one migrated database). */
  dumpDataDir?(): Promise<Blob>
  close(): Promise<void>
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations')

export type OpenDatabaseOptions =
  /** PostgreSQL. */
  | { url: string; maxConnections?: number }
  /**
   * Embedded PGlite in a folder, or in memory with `dataDir: 'memory://'`; `loadDataDir` starts it
   * from a dump of another instance (`dumpDataDir`) instead of an empty cluster.
   */
  | { dataDir: string; loadDataDir?: Blob }

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return 'url' in options ? openPostgres(options) : openPglite(options.dataDir, options.loadDataDir)
}

async function openPostgres(options: { url: string; maxConnections?: number }) {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.maxConnections ?? 10,
  })
  // A dropped connection must not crash the process; the next query reconnects. The pool listens
  // only to its idle clients: a client checked out (a transaction) when PostgreSQL restarts would
  // emit an unhandled 'error' and end the process. Its query fails and the client is dropped on release.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  const client = await pool.connect()
  client.release()
  const db = drizzleNodePg(pool, { schema }) as unknown as Database
  return {
    db,
    engine: 'postgres' as const,
    async migrate() {
      await migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder })
    },
    close: () => pool.end(),
  }
}

/** A folder is opened by one process at a time (two PGlite instances on one folder lose data). */
async function openPglite(dataDir: string, loadDataDir?: Blob) {
  let unlock = () => {}
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true })
    unlock = lockDataDir(dataDir)
  }
  let client: PGlite
  try {
    client = await PGlite.create(dataDir, {
      extensions: { btree_gist },
      ...(loadDataDir ? { loadDataDir } : {}),
    })
  } catch (error) {
    unlock()
    throw error
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database
  return {
    db,
    engine: 'pglite' as const,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder })
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      await client.close()
      unlock()
    },
  }
}

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function executeRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
