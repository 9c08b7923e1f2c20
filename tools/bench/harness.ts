import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { numberAt, requireValue } from '@cabanas/domain/shared'
import autocannon, { type Result as AutocannonResult } from 'autocannon'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/client.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')

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

export type RunningServer = { url: string; pid: number; stop(): Promise<void> }

/** The built server (the npm scripts of the benches build it first when a source changed). */
const builtServer = path.join(repoRoot, 'apps/api/dist/server.js')

/**
 * The real server, as built, in a child process, so the load generator has its own core. It is
 * started when `readyPath` (default /health) answers 2xx, polled every `pollMs`.
 */
export async function startServer(
  env: Record<string, string>,
  { readyPath = '/health', pollMs = 200 }: { readyPath?: string; pollMs?: number } = {},
): Promise<RunningServer> {
  if (!existsSync(builtServer)) throw new Error('no built server: run `npm run build` first')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  // BENCH_SERVER_NODE_ARGS adds Node flags to the server, e.g. '--cpu-prof --cpu-prof-dir=.tmp/prof'.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, builtServer], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: url,
      PAYMENTS: 'sandbox',
      TRUST_PROXY: 'false',
      SECRETS_KEY: 'bench-secrets-key-of-a-throwaway-server-00001',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'never',
      LOG_LEVEL: 'warn',
      // One load generator on one address would meet the general per-IP budget in a tenth of a second.
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    },
    stdio: ['ignore', process.env.BENCH_SERVER_LOGS ? 'inherit' : 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, pollMs))
  }
  return {
    url,
    // Undefined only when the process did not start, and then it did not answer above.
    pid: requireValue(child.pid, 'the server process id'),
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

export type Scenario = {
  name: string
  nextPath: () => string
  method?: string
  body?: () => string
}

/** One autocannon run of a scenario: `connections` connections for `seconds`. */
function cannon(url: string, scenario: Scenario, seconds: number, connections: number) {
  const { nextPath, method = 'GET', body } = scenario
  return autocannon({
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
  const result = await cannon(url, { name, nextPath, method, body }, seconds, connections)
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/**
 * Runs the scenarios in turns, `slices` turns of `seconds / slices` each in ABBA order (with an even
 * `slices` each goes first equally often), so a machine that speeds up or slows down during the run
 * affects them alike: on our shared 2-core machines the same route measured 10 s apart varies by up
 * to ±30 %. Between turns the server gets a moment to finish requests the last turn left in flight.
 * Requests/s is over the whole run; p50 is the median of the turns' p50; p99 is the worst turn's p99
 * (autocannon reports percentiles, not histograms, so this is the conservative reading).
 */
export async function runInTurns(
  url: string,
  scenarios: Scenario[],
  {
    seconds = 10,
    slices = 4,
    connections = 50,
  }: { seconds?: number; slices?: number; connections?: number } = {},
): Promise<LoadResult[]> {
  const turns = scenarios.map((scenario) => ({
    scenario,
    runs: [] as { result: AutocannonResult; seconds: number }[],
  }))
  for (let slice = 0; slice < slices; slice++) {
    const order = [...turns]
    if (slice % 2 === 1) order.reverse()
    for (const { scenario, runs } of order) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      const result = await cannon(url, scenario, seconds / slices, connections)
      runs.push({ result, seconds: result.duration })
      console.log(
        `  turno ${slice + 1} ${scenario.name}: ${Math.round(result.requests.total / result.duration)} req/s, p99 ${result.latency.p99} ms`,
      )
    }
  }
  return turns.map(({ scenario, runs }) => {
    const requests = runs.reduce((sum, run) => sum + run.result.requests.total, 0)
    const elapsed = runs.reduce((sum, run) => sum + run.seconds, 0)
    const p50s = runs.map((run) => run.result.latency.p50).sort((a, b) => a - b)
    return {
      name: scenario.name,
      requestsPerSecond: Math.round(requests / elapsed),
      p50: numberAt(p50s, Math.floor(p50s.length / 2)),
      p99: Math.max(...runs.map((run) => run.result.latency.p99)),
      non2xx: runs.reduce((sum, run) => sum + run.result.non2xx, 0),
      errors: runs.reduce((sum, run) => sum + run.result.errors + run.result.timeouts, 0),
    }
  })
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
