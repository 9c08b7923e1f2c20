import { FAULT_KINDS } from './chaos.ts'
import type { Invariant } from './invariants.ts'
import { distinctMails, mailKind } from './invariants.ts'
import type { DeliveredMail } from './smtp.ts'
import type { Stats } from './stats.ts'

export type Report = {
  minutes: number
  seed: number
  workers: number
  seconds: number
  load: [number[], number[]]
  stats: Stats
  mails: DeliveredMail[]
  reservations: { status: string; payment_status: string; n: number }[]
  charges: { status: string; n: number }[]
  outboxFailed: number
  /** Seconds from the event to the mail's delivery (outbox created_at → done_at), done mails only. */
  mailDelay: { p50: number; p99: number; max: number; n: number }
  unanswered: number
  invariants: Invariant[]
}

/** Prints the run's tables and every violation with its ids; returns the number of violations. */
export function printReport(report: Report): number {
  const { stats } = report
  const average = (values: number[]) => values.map((n) => n.toFixed(2)).join(' ')
  console.log(
    `\n━━ Soak: ${report.minutes} min de carga, semilla ${report.seed}, ${report.workers} clientes; ${Math.round(report.seconds)} s en total`,
  )
  console.log(
    `Carga de la máquina (1, 5, 15 min): al inicio ${average(report.load[0])}, al final ${average(report.load[1])}`,
  )

  console.log('\nFallas inyectadas')
  console.table(Object.fromEntries(FAULT_KINDS.map((kind) => [kind, { veces: stats.faults.get(kind) ?? 0 }])))

  console.log(
    '\nSolicitudes por tipo (ok / rechazadas a propósito / errores 5xx o sin respuesta / inesperadas)',
  )
  console.table(
    Object.fromEntries(
      [...stats.requests].map(([kind, r]) => [
        kind,
        { ok: r.ok, rechazadas: r.refused, errores: r.errors, inesperadas: r.unexpected },
      ]),
    ),
  )
  if (report.unanswered > 0) console.log(`Cobros que nunca tuvieron respuesta final: ${report.unanswered}`)
  for (const note of stats.notes) console.log(`  inesperada: ${note}`)

  console.log('\nReservas de la corrida por estado y pago')
  console.table(
    report.reservations.map((row) => ({ estado: row.status, pago: row.payment_status, n: row.n })),
  )
  console.log('Cargos en el proveedor (sandbox) por estado')
  console.table(report.charges.map((row) => ({ estado: row.status, n: row.n })))

  const byKind = new Map<string, number>()
  for (const mail of report.mails) byKind.set(mailKind(mail), (byKind.get(mailKind(mail)) ?? 0) + 1)
  console.log(`\nCorreos entregados al SMTP: ${report.mails.length}`)
  console.log(
    `  de ellos, reenvíos de un correo ya aceptado, con su mismo Message-ID (el buzón muestra uno): ${distinctMails(report.mails).repeats}`,
  )
  console.table(Object.fromEntries([...byKind].sort().map(([kind, n]) => [kind, { correos: n }])))
  console.log(`Trabajos del outbox abandonados (failed): ${report.outboxFailed}`)
  const delay = report.mailDelay
  console.log(
    `Demora de un correo desde su suceso (${delay.n} correos; incluye los adelantos del final): p50 ${delay.p50} s, p99 ${delay.p99} s, máx ${delay.max} s`,
  )

  console.log('\nInvariantes')
  console.table(
    report.invariants.map((invariant) => ({
      invariante: invariant.name,
      revisados: invariant.checked,
      violaciones: invariant.violations.length,
    })),
  )
  let violations = 0
  for (const invariant of report.invariants) {
    violations += invariant.violations.length
    if (invariant.violations.length === 0) continue
    console.log(`✗ ${invariant.name}: ${invariant.violations.length}`)
    for (const line of invariant.violations.slice(0, 30)) console.log(`    ${line}`)
    if (invariant.violations.length > 30) console.log(`    … y ${invariant.violations.length - 30} más`)
  }
  console.log(violations === 0 ? '\n✓ 0 violaciones' : `\n✗ ${violations} violaciones`)
  return violations
}
