// `npm test`: the one gate. Lint, typecheck, feature boundaries, unit + API (+ PostgreSQL when
// TEST_DATABASE_URL is set) + web tests, then the end-to-end tests in Chromium against the built app,
// and a tap at the first paint on each public page's main controls.
// It must pass on a busy machine too (docs/benchmarks.md: beside `node scripts/cpu-burn.mjs`): the
// timeouts of vitest.config.ts and e2e/ leave room for a loaded CPU, and no server it starts sheds load.
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'
import { ensureChromium } from './ensure-chromium.mjs'

const steps = [
  ['Lint y formato (Biome)', 'npx', ['biome', 'check', '.']],
  ['Tipos (tsc)', 'npm', ['run', '--silent', 'typecheck']],
  ['Dependencias entre features (dependency-cruiser)', 'npm', ['run', '--silent', 'check:deps']],
  ['Pruebas unitarias, de API y web (Vitest)', 'npx', ['vitest', 'run']],
  ...(process.env.TEST_DATABASE_URL
    ? [['Concurrencia en PostgreSQL: 2 procesos, 200 cobros', 'npm', ['run', '--silent', 'test:concurrency']]]
    : []),
  ['Ataques contra la app construida (test:abuse)', 'npm', ['run', '--silent', 'test:abuse']],
  [
    'Fuzz: 3,000 solicitudes hostiles (bench:fuzz)',
    'npm',
    ['run', '--silent', 'bench:fuzz', '--', '--requests', '3000'],
  ],
  // Chaos on PostgreSQL binaries (the soak starts a cluster of its own with initdb), so with the
  // PostgreSQL steps: 2 minutes of load and faults, then every invariant at 0 violations.
  ...(process.env.TEST_DATABASE_URL
    ? [['Caos: 2 min de carga con fallas (soak)', 'npm', ['run', '--silent', 'soak', '--', '--minutes', '2']]]
    : []),
  ['Pruebas de extremo a extremo (Chromium)', 'node', ['scripts/e2e.mjs']],
  // On the app the end-to-end step built: every main control of the public pages tapped at 0.25, 1, 2
  // and 4 s after the first paint; a tap lost (not answered, not kept by the early script) fails.
  [
    'Toques desde la primera pintura (bench:interaction --fast)',
    'node',
    ['scripts/bench-interaction.mjs', '--fast'],
  ],
]

// The servers that test:abuse, bench:fuzz, test:concurrency and the end-to-end tests start are not
// testing load shedding (load-shedding.test.ts is): on a busy machine their event loop lags over the
// production limit and they would answer 503. 0 turns it off, as an operator can (MAX_EVENT_LOOP_DELAY_MS).
const env = { ...process.env, MAX_EVENT_LOOP_DELAY_MS: process.env.MAX_EVENT_LOOP_DELAY_MS ?? '0' }
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

ensureChromium()
const started = Date.now()
console.log(`Carga del sistema (1, 5, 15 min) al empezar: ${load()}`)
for (const [title, command, args] of steps) {
  console.log(`\n━━ ${title} ━━`)
  const stepStarted = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) {
    console.error(`\n✗ Falló: ${title}`)
    process.exit(result.status ?? 1)
  }
  console.log(`✓ ${title} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s; carga ${load()})`)
}
console.log(
  `\nTodo en verde en ${((Date.now() - started) / 1000).toFixed(0)} s (carga al terminar: ${load()}).`,
)
