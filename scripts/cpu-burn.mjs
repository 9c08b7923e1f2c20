// A CPU burner for measuring the test gate on a loaded machine (docs/benchmarks.md): worker
// threads spin for S seconds and then stop by themselves; every 30 s it prints the load average.
//   node scripts/cpu-burn.mjs --workers 8 --seconds 1800        fixed number of threads
//   node scripts/cpu-burn.mjs --target-load 8 --seconds 5400    adds or stops threads every 15 s so
//                                                                the 1-minute load average stays near 8,
//                                                                whatever else the machine is running
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { isMainThread, Worker, workerData } from 'node:worker_threads'

if (!isMainThread) {
  const end = Date.now() + workerData.seconds * 1000
  let x = 0
  while (Date.now() < end) {
    for (let i = 0; i < 1e6; i++) x = (x * 31 + i) % 1_000_003
  }
  process.exit(0)
}

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '60' },
    'target-load': { type: 'string' },
  },
})
const target = values['target-load'] === undefined ? undefined : Number(values['target-load'])
const workers = Number(values.workers)
const seconds = Number(values.seconds)
if (
  !(workers >= 1 && workers <= 64 && seconds > 0 && seconds <= 7200) ||
  (target !== undefined && !(target > 0 && target <= 64))
) {
  console.error('uso: node scripts/cpu-burn.mjs (--workers 1..64 | --target-load 1..64) --seconds 1..7200')
  process.exit(2)
}
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const end = Date.now() + seconds * 1000
const running = new Set()
const start = () => {
  const left = Math.max(1, Math.round((end - Date.now()) / 1000))
  const worker = new Worker(new URL(import.meta.url), { workerData: { seconds: left } })
  running.add(worker)
  worker.on('exit', () => running.delete(worker))
}

if (target === undefined) {
  console.log(`cpu-burn: ${workers} hilos durante ${seconds} s; carga ${load()}`)
  for (let i = 0; i < workers; i++) start()
} else {
  console.log(`cpu-burn: carga objetivo ${target} durante ${seconds} s; carga ${load()}`)
  // The 1-minute average trails the truth by about a minute: move one thread per 15 s, and only
  // when the average is more than half a point away, so the count settles instead of swinging.
  const steer = setInterval(() => {
    const [now] = loadavg()
    if (now < target - 0.5 && running.size < 64) start()
    else if (now > target + 0.5 && running.size > 0) {
      const [first] = running
      running.delete(first)
      void first.terminate()
    }
  }, 15_000)
  start()
  setTimeout(() => clearInterval(steer), seconds * 1000).unref()
}
const timer = setInterval(() => console.log(`cpu-burn: carga ${load()}; hilos ${running.size}`), 30_000)
await new Promise((resolve) => {
  const check = setInterval(() => {
    if (Date.now() >= end && running.size === 0) {
      clearInterval(check)
      resolve()
    }
  }, 1000)
})
clearInterval(timer)
console.log(`cpu-burn: terminado; carga ${load()}`)
