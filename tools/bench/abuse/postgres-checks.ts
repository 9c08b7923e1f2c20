import pg from 'pg'
import { waitFor } from './client.ts'
import type { ServerProcess } from './processes.ts'

/* The checks of test:abuse that read PostgreSQL itself, with two API processes on it. */

type Check = (ok: boolean, text: string) => void
type Figure = (text: string) => void

/** Item 5 and 2 (PostgreSQL): jobs in one process; nothing charged without its reservation. */
export async function databaseInvariants(
  url: string,
  servers: ServerProcess[],
  { check, figure }: { check: Check; figure: Figure },
) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // A process killed with SIGKILL keeps its leases until they expire (at most 30 s here).
    const live = (holder: string) => servers.some((s) => holder.startsWith(`${s.pid}-`))
    const readLeases = async () =>
      (
        await client.query<{ name: string; holder: string }>(
          'select name, holder from job_leases where expires_at > now() order by name',
        )
      ).rows
    const leases =
      (await waitFor(async () => {
        const rows = await readLeases()
        const reconciling = rows.some((lease) => lease.name === 'reconcile-payments')
        return reconciling && rows.every((lease) => live(lease.holder)) ? rows : undefined
      }, 45_000)) ?? (await readLeases())
    const holders = new Set(leases.map((lease) => lease.holder.split('-')[0]))
    figure(
      `concesiones vigentes: ${leases.map((l) => `${l.name} → pid ${l.holder.split('-')[0]}`).join(', ')}`,
    )
    check(
      leases.some((lease) => lease.name === 'reconcile-payments'),
      'la conciliación tiene una concesión vigente',
    )
    check(
      [...holders].every((pid) => servers.some((s) => String(s.pid) === pid)),
      'cada tarea periódica la corre un solo proceso vivo',
    )
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from openpay_sandbox_charges c
       left join reservations r on r.id::text = c.order_id
       where c.status = 'completed' and (r.id is null or r.status <> 'active')`,
    )
    figure(`cargos completados sin su reserva confirmada: ${rows[0]?.n}`)
    check(rows[0]?.n === 0, '0 cargos cobrados sin reserva confirmada')
  } finally {
    await client.end()
  }
}

export async function leaseTakeover(
  url: string,
  servers: ServerProcess[],
  { check, figure }: { check: Check; figure: Figure },
) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const holderPid = async () =>
      (
        await client.query<{ holder: string }>(
          "select holder from job_leases where name = 'reconcile-payments' and expires_at > now()",
        )
      ).rows[0]?.holder.split('-')[0]
    const pid = await holderPid()
    const holder = servers.find((s) => String(s.pid) === pid)
    const other = servers.find((s) => s !== holder)
    if (!holder || !other) return check(false, 'hay un proceso con la concesión de conciliación')
    await holder.kill('SIGTERM')
    const started = Date.now()
    const next = await waitFor(async () => {
      const current = await holderPid()
      return current === String(other.pid) ? current : undefined
    }, 20_000)
    figure(`el proceso ${pid} se detiene; el ${other.pid} toma la conciliación en ${Date.now() - started} ms`)
    check(next !== undefined, 'otro proceso toma la tarea cuando su dueño se detiene')
  } finally {
    await client.end()
  }
}
