import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Database } from '../db/client.ts'
import { jobLeases } from '../db/schema.ts'

/**
 * Takes (or renews) the lease of job `name` for `holder` when it is free, expired or already theirs.
 * The row's primary key makes two holders at once impossible, in every process.
 */
export async function tryTakeLease(
  db: Database,
  { name, holder, ttlMs }: { name: string; holder: string; ttlMs: number },
): Promise<boolean> {
  const expiresAt = sql`now() + make_interval(secs => ${ttlMs / 1000})`
  const rows = await db
    .insert(jobLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${jobLeases.expiresAt} < now() or ${jobLeases.holder} = ${holder}`,
    })
    .returning({ holder: jobLeases.holder })
  return rows.length === 1
}

/** Gives the lease up (on shutdown), so another process takes the job at its next tick. */
export async function releaseLease(db: Database, { name, holder }: { name: string; holder: string }) {
  await db
    .update(jobLeases)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(sql`${jobLeases.name} = ${name} and ${jobLeases.holder} = ${holder}`)
}

export async function findLeaseHolder(db: Database, name: string): Promise<string | null> {
  const [row] = await db.select({ holder: jobLeases.holder }).from(jobLeases).where(eq(jobLeases.name, name))
  return row?.holder ?? null
}

export type PeriodicJob = {
  /** Lease name: one process at a time runs a job of this name. */
  name: string
  intervalMs: number
  run: () => Promise<unknown>
}

/**
 * A lease lasts three ticks (at least 30 s) and is renewed while a run goes on, so a long run keeps
 * it and a process that dies gives it up within one lease.
 */
export function leaseMsFor(intervalMs: number): number {
  return Math.max(3 * intervalMs, 30_000)
}

/**
 * How long closing waits for runs in flight. A run cut short by the database closing under it may
 * have done work it could not record (a mail sent, not yet marked sent), which is then done again.
 */
const CLOSE_WAIT_MS = 20_000

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's id as a job lease holder. */
    jobHolderId: string
    /** Runs `job` every `intervalMs` in the one process that holds its lease (started on ready). */
    schedule: (job: PeriodicJob) => void
    /** Runs `job` once now if this process can take its lease; true when it ran. */
    runJobOnce: (job: PeriodicJob) => Promise<boolean>
  }
}

async function jobsPlugin(app: FastifyInstance) {
  const holder = `${process.pid}-${randomUUID()}`
  const jobs: PeriodicJob[] = []
  const timers: NodeJS.Timeout[] = []
  const running = new Set<string>()
  const inFlight = new Set<Promise<boolean>>()
  let closing = false
  app.decorate('jobHolderId', holder)

  function runJobOnce(job: PeriodicJob): Promise<boolean> {
    if (closing) return Promise.resolve(false)
    const run = runLeased(job)
    inFlight.add(run)
    void run.finally(() => inFlight.delete(run))
    return run
  }

  async function runLeased(job: PeriodicJob): Promise<boolean> {
    if (running.has(job.name)) return false
    running.add(job.name)
    const ttlMs = leaseMsFor(job.intervalMs)
    let renewal: NodeJS.Timeout | null = null
    try {
      if (!(await tryTakeLease(app.db, { name: job.name, holder, ttlMs }))) return false
      renewal = setInterval(() => {
        tryTakeLease(app.db, { name: job.name, holder, ttlMs }).catch((error: unknown) => {
          app.log.warn({ err: error, job: job.name }, 'job lease renewal failed')
        })
      }, ttlMs / 3)
      renewal.unref()
      await job.run()
      return true
    } catch (error) {
      app.log.error({ err: error, job: job.name }, 'periodic job failed')
      return false
    } finally {
      if (renewal) clearInterval(renewal)
      running.delete(job.name)
    }
  }
  app.decorate('runJobOnce', runJobOnce)
  app.decorate('schedule', (job: PeriodicJob) => {
    if (job.intervalMs > 0) jobs.push(job)
  })

  app.addHook('onReady', async () => {
    for (const job of jobs) {
      const timer = setInterval(() => void runJobOnce(job), job.intervalMs)
      timer.unref()
      timers.push(timer)
    }
  })
  app.addHook('onClose', async () => {
    closing = true
    for (const timer of timers) clearInterval(timer)
    // The database closes after the app: runs in flight finish (and record what they did) first.
    let waited: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.allSettled([...inFlight]),
      new Promise((resolve) => {
        waited = setTimeout(resolve, CLOSE_WAIT_MS)
      }),
    ])
    clearTimeout(waited)
    for (const job of jobs) {
      await releaseLease(app.db, { name: job.name, holder }).catch(() => {})
    }
  })
}

export default fp(jobsPlugin, { name: 'jobs' })
