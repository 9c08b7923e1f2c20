// `npm test`: the one gate. Lint, typecheck, feature boundaries, unit + API (+ PostgreSQL when
// TEST_DATABASE_URL is set) + web tests, then the end-to-end tests in Chromium against the built app
// beside the attack suites, and a tap at the first paint on each public page's main controls.
// It must pass on a busy machine too (docs/benchmarks.md: beside `node scripts/cpu-burn.mjs`): the
// timeouts of vitest.config.ts and e2e/playwright.config.ts leave room for a loaded CPU, and no server it
// starts sheds load.
import { spawn, spawnSync } from 'node:child_process'
import { getPriority, loadavg, setPriority } from 'node:os'
import { createInterface } from 'node:readline'
import { ensureChromium } from './ensure-chromium.mjs'

const postgres = Boolean(process.env.TEST_DATABASE_URL)

/** The journeys in Chromium, under Playwright Test (the build first). */
const journeys = [['Pruebas de extremo a extremo (Chromium)', 'node', ['scripts/e2e.mjs']]]

/** The built app under attack (concurrency, hostile requests, fuzzing and chaos), then its first view weighed. */
const attacks = [
  ...(postgres
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
  ...(postgres
    ? [['Caos: 2 min de carga con fallas (soak)', 'npm', ['run', '--silent', 'soak', '--', '--minutes', '2']]]
    : []),
  // Bytes, not time: what the first view of / and of a cabin page downloads (gzip) against the issue's
  // budgets (150 and 180 KB); a module that drags a library into every page fails here. Last, so a page
  // over budget does not keep the attacks from running.
  ['Presupuesto de la primera vista (bench:bundle)', 'node', ['scripts/measure-first-view.mjs']],
]

/**
 * The gate, in order. A step is [title, command, args] (and `{ priority }`, a niceness for its
 * processes); `{ lanes }` runs its lanes side by side, each lane's steps one after another. Lanes that
 * run together share no state: the static checks only read the sources while Vitest tests them, and
 * the journeys and the attacks each start their own servers on free ports, databases of their own;
 * each is built to pass on a loaded machine. On two cores that saves about the shorter lane's time
 * (docs/benchmarks.md).
 * The tap timing runs alone at the end: it measures how soon a page answers.
 */
const plan = [
  {
    lanes: {
      // Vitest leaves about a quarter of two cores idle (its files wait on timers and child processes):
      // the static checks take that time, at a lower priority so the tests keep the CPU they need.
      estatico: [
        ['Lint y formato (Biome)', 'npx', ['biome', 'check', '.'], { priority: 10 }],
        ['Tipos (tsc)', 'npm', ['run', '--silent', 'typecheck'], { priority: 10 }],
        [
          'Dependencias entre features (dependency-cruiser)',
          'npm',
          ['run', '--silent', 'check:deps'],
          { priority: 10 },
        ],
      ],
      vitest: [['Pruebas unitarias, de API y web (Vitest)', 'npx', ['vitest', 'run']]],
    },
  },
  // The build, alone: the journeys' lane would build it while the attacks' lane builds the same files,
  // and while Vitest runs, a test that starts the server from the sources would load a half-written build.
  ['Compilación de la app (build)', 'node', ['scripts/build.mjs', '--if-changed']],
  { lanes: { e2e: journeys, ataques: attacks } },
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
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1)

/** One step with the terminal to itself. */
function runAlone([title, command, args]) {
  console.log(`\n━━ ${title} ━━`)
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) return { ok: false, title }
  console.log(`✓ ${title} (${seconds(started)} s; carga ${load()})`)
  return { ok: true }
}

/** One step of a lane: its output line by line, each line marked with the lane's name. */
function runInLane(lane, [title, command, args, { priority = 0 } = {}]) {
  console.log(`\n━━ [${lane}] ${title} ━━`)
  const started = Date.now()
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env })
  // Set before the child (npm, npx: a Node start-up of their own) starts the processes that work, which
  // inherit it. Only ever lowered (a gate run under `nice` keeps its own): that needs no privilege.
  if (priority && child.pid) setPriority(child.pid, Math.max(priority, getPriority()))
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${lane}] ${line}`))
  }
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (code !== 0) return resolve({ ok: false, title: `[${lane}] ${title}` })
      console.log(`✓ [${lane}] ${title} (${seconds(started)} s; carga ${load()})`)
      resolve({ ok: true })
    })
  })
}

/** A lane stops at its first failure; the other lanes run to their end (no server is left behind). */
async function runLane(lane, steps) {
  for (const step of steps) {
    const outcome = await runInLane(lane, step)
    if (!outcome.ok) return outcome
  }
  return { ok: true }
}

ensureChromium()
const started = Date.now()
console.log(`Carga del sistema (1, 5, 15 min) al empezar: ${load()}`)
for (const step of plan) {
  let failures
  if (Array.isArray(step)) {
    const outcome = runAlone(step)
    failures = outcome.ok ? [] : [outcome.title]
  } else {
    const lanesStarted = Date.now()
    const outcomes = await Promise.all(
      Object.entries(step.lanes).map(([lane, steps]) => runLane(lane, steps)),
    )
    failures = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.title)
    if (failures.length === 0) console.log(`\n✓ Carriles en paralelo (${seconds(lanesStarted)} s)`)
  }
  if (failures.length > 0) {
    for (const title of failures) console.error(`\n✗ Falló: ${title}`)
    process.exit(1)
  }
}
console.log(`\nTodo en verde en ${seconds(started).split('.')[0]} s (carga al terminar: ${load()}).`)
