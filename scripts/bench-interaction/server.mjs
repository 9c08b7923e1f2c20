// The built app on a free port, as bench-lighthouse.mjs starts it: production mode, a throwaway data
// folder with the embedded database and its demo data, the payment sandbox. Map tiles come from a small
// server of ours on another local port that answers every tile with e2e/tile.png (as the end-to-end
// tests do with page.route, without routing every request of the page through Playwright).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const TILE_PNG = readFileSync(path.join(import.meta.dirname, '../../e2e/tile.png'))

/** Answers every request with the test tile; resolves to its base URL. */
function startTileServer() {
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' })
    response.end(TILE_PNG)
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      server.unref()
      resolve(`http://127.0.0.1:${server.address().port}`)
    })
  })
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

/** Starts apps/api/dist/server.js and resolves once /health answers: `{ base, stop }`. */
export async function startApp() {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const tiles = await startTileServer()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabanas-interaction-'))
  const app = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: base,
      TRUST_PROXY: 'false',
      SECRETS_KEY: 'interaction-secrets-key-of-a-throwaway-server-1',
      PAYMENTS: 'sandbox',
      SEED: 'auto',
      LOG_LEVEL: 'warn',
      // Hundreds of page loads from one address, on a machine that may be busy.
      RATE_LIMIT_PER_MINUTE: '0',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAP_TILE_URL: `${tiles}/{z}/{x}/{y}.png`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () => {
    if (app.exitCode === null && !app.killed) app.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.on('exit', stop)
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      stop()
      process.exit(130)
    })
  for (let i = 0; ; i++) {
    if (app.exitCode !== null) throw new Error(`the app exited with code ${app.exitCode}`)
    try {
      if ((await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) })).ok) break
    } catch {}
    if (i > 900) throw new Error('the app did not start in 90 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { base, stop }
}
