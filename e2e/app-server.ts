import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const repoRoot = path.resolve(import.meta.dirname, '..')
/** The built server (`npm run build`; scripts/e2e.mjs builds it when a source changed). */
const builtServer = path.join(repoRoot, 'apps/api/dist/server.js')

export type AppServer = {
  baseUrl: string
  /** Where the app writes its mails (.eml files): the end-to-end tests read them like an inbox. */
  outboxDir: string
  stop: () => Promise<void>
  /** Stops the app and starts it again on the same address, data and mailbox, with `env` added. */
  restart: (env: Record<string, string>) => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/**
 * The longest a fresh app may take to answer /health: it migrates and seeds its database first, which
 * took 63 s at load average 29 on two cores (nice 19), against a few seconds on a quiet machine.
 */
const STARTUP_MS = 180_000

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = STARTUP_MS) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó con código ${child.exitCode}`)
    try {
      const res = await fetch(`${url}/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`El servidor no respondió en ${timeoutMs / 1000} s`)
}

/**
 * The real app, built, on a fresh embedded database seeded with the demo catalogue, with the
 * journeys' settings; `env` adds to them or overrides them (OPERATOR_EMAILS, a spec's own knobs).
 */
export async function startApp(env: Record<string, string>): Promise<AppServer> {
  if (!existsSync(builtServer)) throw new Error('Falta compilar: corre `npm run test:e2e` o `npm run build`')
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-e2e-'))
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'cabanas-e2e-correo-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const launch = (extraEnv: Record<string, string>) =>
    spawn(process.execPath, [builtServer], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: baseUrl,
        PAYMENTS: 'sandbox',
        // The tests stand in for the reverse proxy on loopback: each journey is a guest of its own address
        // (fixtures.ts), as real guests are, so the per-address charge limit counts one guest's attempts.
        TRUST_PROXY: '127.0.0.1,::1',
        SECRETS_KEY: 'e2e-secrets-key-shared-by-the-test-server-0001',
        SEED: 'auto',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        MAP_TILE_URL: 'https://tiles.e2e.invalid/{z}/{x}/{y}.png',
        MAIL_OUTBOX_DIR: outboxDir,
        OUTBOX_INTERVAL_MS: '300',
        // Journeys are not about load shedding (load-shedding.test.ts is): on a busy machine the server's
        // event loop lags over the production limit, and a 503 would break a journey.
        MAX_EVENT_LOOP_DELAY_MS: '0',
        ...env,
        ...extraEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    })
  let child = launch({})
  const end = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
  }
  const stop = async () => {
    await end()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(outboxDir, { recursive: true, force: true })
  }
  /** The same app again (same address, data and mailbox) with `extraEnv` added: a clock moved ahead. */
  const restart = async (extraEnv: Record<string, string>) => {
    await end()
    child = launch(extraEnv)
    await waitForHealth(baseUrl, child)
  }
  try {
    await waitForHealth(baseUrl, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, outboxDir, stop, restart }
}
