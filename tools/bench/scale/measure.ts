// What bench:scale measures of a phase: the load generator's latencies (autocannon), the server's own
// time per request (scale/server-timing.mjs, loaded into it with --import) and its memory.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import autocannon from 'autocannon'
import type { RunningServer } from '../harness.ts'

/** Connections of the load generator in a phase, unless told otherwise. */
export const CONNECTIONS = 50

/** Resident and peak resident memory of a process, in MB. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

/** What the server measured of a phase (scale/server-timing.mjs): its own time per request, in ms. */
export type ServerTiming = {
  search: { count: number; p99: number; p999: number; max: number }
  quote: { count: number; p99: number; p999: number; max: number }
  /** How late the server's event loop ran at worst: every request in flight waited that long. */
  loopDelayMax: number
}

// The server times its requests itself (loaded with --import): autocannon's latencies also hold the
// stalls of the load generator and PostgreSQL, which share the machine's two cores with it.
export const timingFile = path.join(tmpdir(), `cabanas-scale-timing-${process.pid}.json`)
const timingProbe = pathToFileURL(path.join(import.meta.dirname, 'server-timing.mjs')).href
process.env.BENCH_SERVER_NODE_ARGS = [process.env.BENCH_SERVER_NODE_ARGS, '--import', timingProbe]
  .filter(Boolean)
  .join(' ')

/** What the server measured since the last call (SIGUSR2 makes it write and start again). */
export async function serverTiming(pid: number): Promise<ServerTiming> {
  rmSync(timingFile, { force: true })
  process.kill(pid, 'SIGUSR2')
  for (let waited = 0; !existsSync(timingFile); waited += 10) {
    if (waited > 5_000) throw new Error('the server did not write its timings')
    await new Promise((r) => setTimeout(r, 10))
  }
  // Written in one call: retry the rare read that sees it half written.
  for (;;) {
    try {
      return JSON.parse(readFileSync(timingFile, 'utf8')) as ServerTiming
    } catch {
      await new Promise((r) => setTimeout(r, 10))
    }
  }
}

export type Load = {
  p99: number
  p999: number
  max: number
  requests: number
  non2xx: number
  errors: number
  /** The server's own time for the phase's requests, and its worst event-loop delay. */
  server: { p99: number; p999: number; max: number; loopDelayMax: number }
}

/** autocannon at `connections` (50) connections for `seconds`. */
export async function load(
  server: RunningServer,
  seconds: number,
  request: { kind: 'search' | 'quote'; method: 'GET' | 'POST'; path: () => string; body?: () => string },
  connections = CONNECTIONS,
): Promise<Load> {
  await serverTiming(server.pid)
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    requests: [
      {
        method: request.method,
        setupRequest: (r) => ({
          ...r,
          path: request.path(),
          ...(request.body ? { body: request.body(), headers: { 'content-type': 'application/json' } } : {}),
        }),
      },
    ],
  })
  const latency = result.latency
  const timing = await serverTiming(server.pid)
  const own = timing[request.kind]
  return {
    p99: latency.p99,
    p999: latency.p99_9,
    max: latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    server: { p99: own.p99, p999: own.p999, max: own.max, loopDelayMax: timing.loopDelayMax },
  }
}
