import type { Random } from '../fuzz/random.ts'
import type { ApiProcess } from './api-process.ts'
import { sleep } from './load.ts'
import type { Cluster } from './postgres.ts'
import type { SmtpSink } from './smtp.ts'
import type { Stats } from './stats.ts'

export const FAULT_KINDS = [
  'SIGKILL de un proceso',
  'SIGKILL a mitad de un cobro',
  'reinicio de PostgreSQL (fast)',
  'reinicio de PostgreSQL (immediate)',
  'proveedor: delay',
  'proveedor: 5xx',
  'proveedor: timeout',
  'proveedor: respuesta perdida',
  'SMTP caído',
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

const PROVIDER_MODES = {
  'proveedor: delay': 'delay',
  'proveedor: 5xx': 'error5xx',
  'proveedor: timeout': 'timeout',
  'proveedor: respuesta perdida': 'lose-response',
} as const

/**
 * One fault at random every ~20 s (15–25 s, drawn from the seed) until the deadline: a process
 * killed with SIGKILL (sometimes while the provider holds its charges, so it dies mid-charge) and
 * started again on its port, PostgreSQL restarted (cleanly or as a crash), the sandbox's provider
 * faults on one process's next charges, or the SMTP server down for 10–40 s. `heal()` undoes what
 * is still in effect, so the run ends on a working system.
 */
export class Chaos {
  private smtpBack: NodeJS.Timeout | null = null
  private restarts: Promise<void>[] = []

  constructor(
    private readonly servers: ApiProcess[],
    private readonly cluster: Cluster,
    private readonly smtp: SmtpSink,
    private readonly rng: Random,
    private readonly stats: Stats,
    private readonly log: (line: string) => void,
  ) {}

  async run(until: number): Promise<void> {
    for (;;) {
      const next = Date.now() + this.rng.int(15_000, 25_000)
      if (next > until) return
      await sleep(next - Date.now())
      const kind = this.rng.pick(FAULT_KINDS)
      this.stats.fault(kind)
      this.log(`falla: ${kind}`)
      try {
        await this.inject(kind)
      } catch (error) {
        this.log(
          `  la falla no se pudo aplicar: ${error instanceof Error ? error.message.split('\n')[0] : error}`,
        )
      }
    }
  }

  private running(): ApiProcess[] {
    return this.servers.filter((server) => server.isRunning)
  }

  private async inject(kind: FaultKind) {
    if (kind === 'SIGKILL de un proceso' || kind === 'SIGKILL a mitad de un cobro') {
      const victim = this.rng.pick(this.running().length > 0 ? this.running() : this.servers)
      if (kind === 'SIGKILL a mitad de un cobro') {
        // The provider holds this process's next charges 5 s: the kill lands while they are in flight.
        await this.setProviderFault(victim, { mode: 'delay', times: 5, delayMs: 5000 })
        await sleep(this.rng.int(1000, 3000))
      }
      await victim.stop('SIGKILL')
      const downMs = this.rng.int(500, 3000)
      this.restarts.push(victim.restart(downMs, this.log))
      return
    }
    if (kind === 'reinicio de PostgreSQL (fast)' || kind === 'reinicio de PostgreSQL (immediate)') {
      const started = Date.now()
      await this.cluster.restart(kind.endsWith('(fast)') ? 'fast' : 'immediate')
      this.log(`  PostgreSQL de vuelta en ${Date.now() - started} ms`)
      return
    }
    if (kind === 'SMTP caído') {
      if (!this.smtp.isUp) return
      const ms = this.rng.int(10_000, 40_000)
      await this.smtp.down()
      this.log(`  SMTP caído ${Math.round(ms / 1000)} s`)
      this.smtpBack = setTimeout(() => {
        this.smtpBack = null
        void this.smtp.up().catch((error: Error) => this.log(`  SMTP no volvió: ${error.message}`))
      }, ms)
      return
    }
    const victim = this.rng.pick(this.running().length > 0 ? this.running() : this.servers)
    const mode = PROVIDER_MODES[kind]
    const times = this.rng.int(1, 5)
    const delayMs = mode === 'delay' ? this.rng.int(500, 5000) : undefined
    await this.setProviderFault(victim, { mode, times, ...(delayMs ? { delayMs } : {}) })
    this.log(`  ${times} cobro(s) de ${victim.name}${delayMs ? `, ${delayMs} ms` : ''}`)
  }

  private async setProviderFault(server: ApiProcess, fault: Record<string, unknown>) {
    const res = await fetch(`${server.url}/sandbox/openpay/_faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
      signal: AbortSignal.timeout(5000),
    })
    if (res.status !== 204) throw new Error(`_faults respondió ${res.status}`)
  }

  /** Ends every fault still in effect: the SMTP server up, both processes running, no provider fault. */
  async heal(): Promise<void> {
    if (this.smtpBack) clearTimeout(this.smtpBack)
    this.smtpBack = null
    await this.smtp.up()
    await Promise.all(this.restarts)
    for (const server of this.servers) {
      if (!server.isRunning) await server.start()
      await fetch(`${server.url}/sandbox/openpay/_faults`, {
        method: 'DELETE',
        signal: AbortSignal.timeout(5000),
      })
    }
  }
}
