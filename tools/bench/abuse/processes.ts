import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

export const repoRoot = path.resolve(import.meta.dirname, '../../..')
const builtServer = path.join(repoRoot, 'apps/api/dist/server.js')

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
    server.on('error', reject)
  })
}

export type ServerProcess = {
  url: string
  port: number
  pid: number
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** The exit code once it exited (null while running). */
  exitCode(): number | null
  waitForExit(timeoutMs?: number): Promise<number | null>
  kill(signal?: NodeJS.Signals): Promise<void>
}

/** The production environment every abuse scenario starts from: what an operator would set. */
export function productionEnv(port: number, extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: 'https://cabanas.example',
    PAYMENTS: 'sandbox',
    TRUST_PROXY: 'false',
    SECRETS_KEY: 'abuse-secrets-key-shared-by-every-process-0001',
    SEED: 'auto',
    LOG_LEVEL: 'info',
    ...extra,
  }
}

/**
 * Starts the BUILT server (`npm run build` first) as a real child process. With `waitUntilReady`
 * false it returns at once (for processes expected to refuse to start).
 */
export async function startBuiltServer(
  env: Record<string, string>,
  { logFile, waitUntilReady = true }: { logFile?: string; waitUntilReady?: boolean } = {},
): Promise<ServerProcess> {
  if (!existsSync(builtServer)) throw new Error(`falta ${builtServer}: corre npm run build`)
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const fullEnv = productionEnv(port, env)
  const cleanEnv = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|DATA_DIR|PORT|NODE_ENV)$/.test(key)),
  )
  const child: ChildProcess = spawn('node', [builtServer], {
    cwd: repoRoot,
    env: { ...cleanEnv, ...fullEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const file = logFile ? createWriteStream(logFile, { flags: 'a' }) : null
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    file?.write(chunk)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  const server: ServerProcess = {
    url,
    port,
    pid: child.pid ?? -1,
    output: () => output,
    exitCode: () => child.exitCode,
    waitForExit: (timeoutMs = 30_000) =>
      Promise.race([exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]),
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill(signal)
      await exited
      file?.end()
    },
  }
  if (!waitUntilReady) return server
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó con ${child.exitCode}:\n${output}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return server
    } catch {}
    if (Date.now() > deadline) throw new Error(`el servidor no arrancó:\n${output}`)
    await new Promise((r) => setTimeout(r, 150))
  }
}

/** Resident memory of a process in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}
