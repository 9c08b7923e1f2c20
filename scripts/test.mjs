// `npm test`: the one gate. Lint, typecheck, feature boundaries, unit + API (+ PostgreSQL when
// TEST_DATABASE_URL is set) + web tests, then the end-to-end tests in Chromium against the built app.
import { spawnSync } from 'node:child_process'
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
  ['Pruebas de extremo a extremo (Chromium)', 'node', ['scripts/e2e.mjs']],
]

ensureChromium()
const started = Date.now()
for (const [title, command, args] of steps) {
  console.log(`\n━━ ${title} ━━`)
  const stepStarted = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`\n✗ Falló: ${title}`)
    process.exit(result.status ?? 1)
  }
  console.log(`✓ ${title} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`)
}
console.log(`\nTodo en verde en ${((Date.now() - started) / 1000).toFixed(0)} s.`)
