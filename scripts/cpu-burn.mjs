// A CPU burner for measuring the test gate on a loaded machine (docs/benchmarks.md): N worker
// threads spin for S seconds and then stop by themselves; every 30 s it prints the load average.
//   node scripts/cpu-burn.mjs --workers 8 --seconds 1800
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
  options: { workers: { type: 'string', default: '8' }, seconds: { type: 'string', default: '60' } },
})
const workers = Number(values.workers)
const seconds = Number(values.seconds)
if (!(workers >= 1 && workers <= 64 && seconds > 0 && seconds <= 7200)) {
  console.error('uso: node scripts/cpu-burn.mjs --workers 1..64 --seconds 1..7200')
  process.exit(2)
}
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
console.log(`cpu-burn: ${workers} hilos durante ${seconds} s; carga ${load()}`)
const timer = setInterval(() => console.log(`cpu-burn: carga ${load()}`), 30_000)
await Promise.all(
  Array.from(
    { length: workers },
    () =>
      new Promise((resolve) =>
        new Worker(new URL(import.meta.url), { workerData: { seconds } }).on('exit', resolve),
      ),
  ),
)
clearInterval(timer)
console.log(`cpu-burn: terminado; carga ${load()}`)
