// What every abuse scenario shares (its context, the servers, the cabins one can book) and the checks of
// what the answers and the logs keep. The scenarios live by concern in *-scenarios.ts.
import { calendarDateIn, requireValue } from '@cabanas/domain/shared'
import { call, clientAddress, sleep } from './client.ts'
import type { ServerProcess } from './processes.ts'

/** What every scenario gets: the running servers (two on PostgreSQL), a check and a figure printer. */
export type AbuseContext = {
  engine: 'pglite' | 'postgres'
  /** The servers sharing one database: [A] on PGlite, [A, B] on PostgreSQL. */
  servers: ServerProcess[]
  outboxDir: string
  webhookAuth: string
  check(ok: boolean, text: string): void
  figure(text: string): void
  /** Secrets this run used: the log scan at the end looks for every one of them. */
  secrets: string[]
}

export const today = () => calendarDateIn(new Date())
export const tally = (statuses: number[]) => {
  const counts = new Map<number, number>()
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1)
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ')
}
/** The servers in turn: server i of the running ones (there is always at least one). */
export const serverAt = (ctx: AbuseContext, i: number) =>
  requireValue(ctx.servers[i % ctx.servers.length], 'a running server')
export const server = (ctx: AbuseContext, i: number) => serverAt(ctx, i).url
export const forwarded = (i: number) => ({ 'x-forwarded-for': clientAddress(i) })

export async function cabinIds(base: string): Promise<string[]> {
  const res = await call(base, 'GET', '/habitaciones?limit=500')
  return (res.json.habitaciones as { _id: string }[]).map((cabin) => cabin._id)
}

/** The cabins that can be quoted (so booked) for 2 guests in [checkIn, checkOut). */
export async function quotableCabins(base: string, ids: string[], checkIn: string, checkOut: string) {
  const answers = await Promise.all(
    ids.map(async (habitacionId) => {
      const body = { habitacionId, checkIn, checkOut, guests: 2 }
      return { habitacionId, status: (await call(base, 'POST', '/reservas/cotizar', { body })).status }
    }),
  )
  return answers.filter((answer) => answer.status === 200).map((answer) => answer.habitacionId)
}

export const bookableCount = async (base: string, ids: string[], checkIn: string, checkOut: string) =>
  (await quotableCabins(base, ids, checkIn, checkOut)).length

/** Item 12: private answers are never stored; oversized headers are refused. */
export async function responsesAreNotStoredAndHeadersBounded(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const check = await call(base, 'GET', '/auth/check')
  const charge = await call(base, 'POST', '/payments/charge', { body: {} })
  ctx.check(
    check.headers.get('cache-control') === 'no-store' && charge.headers.get('cache-control') === 'no-store',
    'Cache-Control: no-store en sesiones y cobros',
  )
  let status = 0
  try {
    status = (await fetch(`${base}/health/live`, { headers: { 'x-relleno': 'x'.repeat(20_000) } })).status
  } catch {
    status = -1
  }
  ctx.figure(`encabezados de 20 KB: ${status}`)
  ctx.check(status === 431 || status === -1, 'encabezados enormes rechazados (431)')
}

/** Item 11: nothing personal or secret in any log line of the run. */
export function logsKeepSecrets(ctx: AbuseContext) {
  const log = ctx.servers.map((s) => s.output()).join('\n')
  const leaked = ctx.secrets.filter((secret) => secret.length >= 6 && log.includes(secret))
  ctx.figure(`bitácora: ${log.split('\n').length} líneas revisadas contra ${ctx.secrets.length} secretos`)
  ctx.check(
    leaked.length === 0,
    `ningún correo, contraseña ni token en la bitácora (${leaked.length} hallados)`,
  )
  ctx.check(!log.includes('\u0000') && !/params:/i.test(log), 'ni bytes NUL ni parámetros SQL en la bitácora')
}

export { sleep }
