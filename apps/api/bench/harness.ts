import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts'

const repoRoot = path.resolve(import.meta.dirname, '../../..')

export type Engine = 'postgres' | 'pglite'

export type BenchDatabase = {
  engine: Engine
  env: Record<string, string>
  open(): Promise<DatabaseHandle>
  drop(): Promise<void>
}

/** A fresh, empty bench database: a new database on the PostgreSQL server, or a PGlite folder. */
export async function createBenchDatabase(engine: Engine): Promise<BenchDatabase> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-bench-'))
    return {
      engine,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/cabanas_bench')
  const name = url.pathname.slice(1)
  const adminUrl = new URL(url)
  adminUrl.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: adminUrl.toString() })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await admin.query(`CREATE DATABASE "${name}"`)
  await admin.end()
  return {
    engine,
    env: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ url: url.toString() }),
    drop: async () => {},
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
    server.on('error', reject)
  })
}

export type RunningServer = { url: string; stop(): Promise<void> }

/** The real server (`server.ts`) in a child process, so the load generator has its own core. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort()
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'never',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOGS ? 'inherit' : 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/health`)).ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export type LoadResult = {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

/** autocannon: `connections` connections for `seconds`, each request's path from `nextPath()`. */
export async function runLoad(
  name: string,
  url: string,
  nextPath: () => string,
  {
    seconds = 10,
    connections = 50,
    method = 'GET',
    body,
  }: { seconds?: number; connections?: number; method?: string; body?: () => string } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method: method as 'GET',
        setupRequest: (request) => ({
          ...request,
          path: nextPath(),
          ...(body ? { body: body(), headers: { 'content-type': 'application/json' } } : {}),
        }),
      },
    ],
  })
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

export function printResults(title: string, results: LoadResult[]) {
  console.log(`\n${title}`)
  console.table(
    results.map((r) => ({
      escenario: r.name,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'no-2xx': r.non2xx,
      errores: r.errors,
    })),
  )
}
