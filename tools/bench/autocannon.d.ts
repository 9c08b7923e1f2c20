// The few parts of autocannon's programmatic API the benchmarks use.
declare module 'autocannon' {
  type Request = { method?: string; path?: string; body?: string; headers?: Record<string, string> }
  type Options = {
    url: string
    connections?: number
    duration?: number
    requests?: (Request & { setupRequest?: (request: Request) => Request })[]
  }
  /** Percentiles are keyed `p` + the percentile with `_` for the point: `p99_9` is the 99.9th. */
  type Histogram = {
    average: number
    total: number
    p50: number
    p90: number
    p99: number
    p99_9: number
    max: number
  }
  /** `duration` is the run's length in seconds. */
  export type Result = {
    requests: Histogram
    latency: Histogram
    duration: number
    non2xx: number
    errors: number
    timeouts: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
