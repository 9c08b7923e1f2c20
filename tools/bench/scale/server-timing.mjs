// Loaded into the bench server with --import (bench:scale). It times each request inside the server,
// from the moment its headers are parsed until its response is handed to the socket, and measures
// how late the event loop runs: what the server did, apart from what the load generator (on the same
// two cores) adds to autocannon's latencies. On SIGUSR2 it writes what it measured since the last
// signal to BENCH_TIMING_FILE as JSON, then starts again.
import diagnosticsChannel from 'node:diagnostics_channel'
import { writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const file = process.env.BENCH_TIMING_FILE
if (!file) throw new Error('server-timing.mjs needs BENCH_TIMING_FILE')

/** Request kind by path: what bench:scale loads. */
const kindOf = (url = '') =>
  url.startsWith('/cotizar/search') ? 'search' : url.startsWith('/reservas/cotizar') ? 'quote' : 'other'

const startedAt = new WeakMap()
let durations = { search: [], quote: [], other: [] }
const loopDelay = monitorEventLoopDelay({ resolution: 10 })
loopDelay.enable()

diagnosticsChannel.subscribe('http.server.request.start', ({ request }) => {
  startedAt.set(request, performance.now())
})
diagnosticsChannel.subscribe('http.server.response.finish', ({ request }) => {
  const start = startedAt.get(request)
  if (start !== undefined) durations[kindOf(request.url)].push(performance.now() - start)
})

const summary = (values) => {
  if (values.length === 0) return { count: 0, p99: 0, p999: 0, max: 0 }
  const sorted = Float64Array.from(values).sort()
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return { count: sorted.length, p99: at(0.99), p999: at(0.999), max: sorted[sorted.length - 1] }
}

process.on('SIGUSR2', () => {
  const report = {
    search: summary(durations.search),
    quote: summary(durations.quote),
    loopDelayMax: loopDelay.max / 1e6,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
  }
  durations = { search: [], quote: [], other: [] }
  loopDelay.reset()
  writeFileSync(file, JSON.stringify(report))
})
