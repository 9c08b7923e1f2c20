// npm run check:production — a production install from a fresh clone of the committed HEAD:
//   npm ci && npm run build && npm prune --omit=dev, then `npm run serve` (NODE_ENV=production,
//   PAYMENTS, PUBLIC_URL and SECRETS_KEY from a .env file) must answer /health, /, the sandbox script and the
//   catalogue (so the migrations and the seed ran from the built server).
// `--keep` leaves the clone in place for a look.

import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const work = mkdtempSync(path.join(tmpdir(), 'cabanas-prod-'))
const clone = path.join(work, 'app')
const failures = []
const check = (ok, text) => {
  console.log(`${ok ? '✓' : '✗'} ${text}`)
  if (!ok) failures.push(text)
}
const step = (title, command, args) => {
  const started = performance.now()
  execFileSync(command, args, { cwd: clone, stdio: ['ignore', 'ignore', 'inherit'] })
  console.log(`✓ ${title} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
}
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

let serve
try {
  execFileSync('git', ['-c', 'advice.detachedHead=false', 'clone', '--quiet', root, clone])
  console.log(
    `Clon de ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone }).toString().trim()} en ${clone}`,
  )
  step('npm ci', 'npm', ['ci', '--no-audit', '--no-fund'])
  step('npm run build', 'npm', ['run', 'build'])
  step('npm prune --omit=dev', 'npm', ['prune', '--omit=dev', '--no-audit', '--no-fund'])
  for (const dev of ['vite', 'tsx', 'vitest', 'typescript']) {
    check(!existsSync(path.join(clone, 'node_modules', dev)), `${dev} ya no está instalado`)
  }

  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  writeFileSync(
    path.join(clone, '.env'),
    `PUBLIC_URL=${base}\nPAYMENTS=sandbox\nSECRETS_KEY=${randomBytes(48).toString('base64url')}\n`,
  )
  const started = performance.now()
  serve = spawn('npm', ['run', 'serve'], {
    cwd: clone,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      TRUST_PROXY: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  })
  let healthy = false
  for (let i = 0; i < 600 && serve.exitCode === null && !healthy; i++) {
    healthy = await fetch(`${base}/health`).then(
      (res) => res.ok,
      () => false,
    )
    if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200))
  }
  check(healthy, `npm run serve responde /health (${((performance.now() - started) / 1000).toFixed(1)} s)`)
  if (healthy) {
    const home = await fetch(base, { headers: { accept: 'text/html' } })
    const html = await home.text()
    check(home.ok && html.includes('id="app-config"'), `GET / → ${home.status}, la SPA con su configuración`)
    const script = await fetch(`${base}/sandbox/openpay/openpay.v1.js`)
    check(script.ok, `GET /sandbox/openpay/openpay.v1.js → ${script.status}`)
    const cabins = await fetch(`${base}/habitaciones?limit=1`)
    check(cabins.ok, `GET /habitaciones → ${cabins.status} (migraciones y catálogo aplicados)`)
  }
} catch (error) {
  failures.push(String(error))
  console.error(error)
} finally {
  if (serve?.exitCode === null) {
    process.kill(-serve.pid, 'SIGTERM')
    await new Promise((resolve) => serve.once('exit', resolve))
  }
  if (process.argv.includes('--keep')) console.log(`El clon queda en ${clone}`)
  else rmSync(work, { recursive: true, force: true })
}
console.log(failures.length === 0 ? '\nInstalación de producción: bien.' : `\n✗ ${failures.length} fallas.`)
process.exit(failures.length === 0 ? 0 : 1)
