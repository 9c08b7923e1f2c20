import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

const repoRoot = path.resolve(import.meta.dirname, '../../../..')

/**
 * Start-up as an operator sees it: `server.ts` from the sources in a child process, with only the
 * given variables (nothing leaks in from the test runner's environment, NODE_ENV=test included).
 */
export function spawnServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED: 'never',
      LOG_LEVEL: 'warn',
      RECONCILE_INTERVAL_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = { stdout: '', stderr: '' }
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output.stdout += text))
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output.stderr += text))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return { child, output, exited }
}

/**
 * Runs a start-up that is expected to stop on its own: its exit code and output. A server that
 * starts listening instead is stopped at once and reported with `served: true`.
 */
export async function runServerToExit(env: Record<string, string>) {
  const { child, output, exited } = spawnServer(env)
  let served = false
  const watch = setInterval(() => {
    if (!served && output.stdout.includes('lista en')) {
      served = true
      child.kill('SIGTERM')
    }
  }, 100)
  const code = await exited
  clearInterval(watch)
  return { code, served, ...output }
}

export type RunningServer = {
  child: ChildProcess
  url: string
  exited: Promise<number | null>
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

/** Starts a server and waits until it says it is listening; fails with its output if it exits. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const { child, output, exited } = spawnServer(env)
  let stopped = false
  void exited.then(() => (stopped = true))
  for (;;) {
    const port = /lista en http:\/\/localhost:(\d+)/.exec(output.stdout)?.[1]
    if (port) {
      return {
        child,
        url: `http://127.0.0.1:${port}`,
        exited,
        stop: (signal = 'SIGTERM') => {
          child.kill(signal)
          return exited
        },
      }
    }
    if (stopped) throw new Error(`the server exited with ${child.exitCode}:\n${output.stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
