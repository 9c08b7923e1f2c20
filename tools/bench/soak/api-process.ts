import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync } from 'node:fs'
import path from 'node:path'
import { repoRoot } from '../abuse/processes.ts'

const builtServer = path.join(repoRoot, 'apps/api/dist/server.js')

/**
 * One built API process on a fixed port, restartable on that port (a client keeps its address, as
 * behind a load balancer). Its output goes to a log file only: a long run at `info` would not fit
 * in the soak's memory, and the file is what the secret scan reads at the end.
 */
export class ApiProcess {
  private child: ChildProcess | null = null
  private exited: Promise<void> = Promise.resolve()
  private stopping = false
  /** Successful starts (the first one included). */
  starts = 0
  /** Exits nobody asked for, of a process that had been ready: each one is a product failure. */
  readonly crashes: string[] = []
  /** Called after such an exit (the soak restarts the process, as a supervisor would). */
  onCrash: (() => void) | null = null

  constructor(
    readonly name: string,
    readonly port: number,
    readonly logFile: string,
    private readonly env: Record<string, string>,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`
  }

  get pid() {
    return this.child?.pid ?? -1
  }

  get isRunning() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null
  }

  /** Starts the process and waits until /health answers 200 (PostgreSQL reachable), or throws. */
  async start(extraEnv: Record<string, string> = {}): Promise<void> {
    if (!existsSync(builtServer)) throw new Error(`falta ${builtServer}: corre npm run build`)
    if (this.isRunning) return
    const log = createWriteStream(this.logFile, { flags: 'a' })
    const cleanEnv = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => !/^(DATABASE_URL|DATA_DIR|PORT|NODE_ENV|SMTP_URL)$/.test(key),
      ),
    )
    const child = spawn(process.execPath, [builtServer], {
      cwd: repoRoot,
      env: { ...cleanEnv, ...this.env, ...extraEnv, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.pipe(log, { end: false })
    child.stderr?.pipe(log, { end: false })
    let ready = false
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        log.end()
        if (ready && !this.stopping) {
          const at = new Date().toISOString().slice(11, 19)
          this.crashes.push(
            `${this.name} (pid ${child.pid}) terminó solo a las ${at}: código ${code}, señal ${signal} (ver ${path.basename(this.logFile)})`,
          )
          this.onCrash?.()
        }
        resolve()
      }),
    )
    this.child = child
    const deadline = Date.now() + 90_000
    for (;;) {
      if (!this.isRunning) throw new Error(`${this.name} terminó al arrancar (ver ${this.logFile})`)
      try {
        if ((await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(2000) })).ok) {
          ready = true
          this.starts += 1
          return
        }
      } catch {}
      if (Date.now() > deadline) {
        await this.stop('SIGKILL')
        throw new Error(`${this.name} no arrancó en 90 s (ver ${this.logFile})`)
      }
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }

  /** Sends `signal` and waits for the exit (SIGTERM: a graceful close; after 30 s, SIGKILL). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child
    if (!child || !this.isRunning) return
    this.stopping = true
    child.kill(signal)
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    await this.exited
    clearTimeout(timer)
    this.stopping = false
  }

  /** Starts the process again after `afterMs`, trying up to 5 times (PostgreSQL may be restarting). */
  async restart(afterMs: number, log: (line: string) => void): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, afterMs))
    for (let attempt = 1; attempt <= 5; attempt++) {
      try {
        const started = Date.now()
        await this.start()
        log(`  ${this.name} de vuelta en ${Date.now() - started} ms (caído ${afterMs} ms antes)`)
        return
      } catch (error) {
        log(
          `  ${this.name} no arrancó (intento ${attempt}): ${error instanceof Error ? error.message : error}`,
        )
        await new Promise((resolve) => setTimeout(resolve, 2000))
      }
    }
  }

  /** Synchronous last resort for exit handlers. */
  killNow() {
    if (this.isRunning) this.child?.kill('SIGKILL')
  }
}
