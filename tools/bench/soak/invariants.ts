import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { requireValue } from '@cabanas/domain/shared'
import type pg from 'pg'
import type { ApiProcess } from './api-process.ts'
import type { StayWindow } from './load.ts'
import type { DeliveredMail } from './smtp.ts'

/** One invariant: how many things it looked at, and the ids of those that break it. */
export type Invariant = { name: string; checked: number; violations: string[] }

type ReservationRow = {
  id: string
  status: string
  payment_status: string
  guest_email: string
  cancellation_policy: string
  check_in: string
  check_out: string
}

/**
 * Whether the cabin's policy gives the money back when this paid stay is cancelled. The soak's stays
 * start 20 days ahead or later, inside every policy's free window (free: until 24 h before
 * check-in), so 'free' refunds all of it and 'non_refundable' nothing; the soak gives its cabins
 * only these two.
 */
function refundsOnCancel(row: ReservationRow): boolean {
  return row.cancellation_policy === 'free'
}

/** Invariants read from the database: stays, charges, refunds, keys and holds. */
export async function databaseInvariants(db: pg.Pool, guestPattern: string): Promise<Invariant[]> {
  const overlaps = await db.query<{ a: string; b: string }>(
    `select a.id as a, b.id as b from reservations a join reservations b
       on a.cabin_id = b.cabin_id and a.id < b.id
      and daterange(a.check_in, a.check_out, '[)') && daterange(b.check_in, b.check_out, '[)')
    where a.status in ('pending', 'active') and b.status in ('pending', 'active')`,
  )
  const live = await db.query<{ n: number }>(
    `select count(*)::int as n from reservations where status in ('pending', 'active')`,
  )

  const charges = await db.query<
    ReservationRow & {
      charge_id: string
      charge_status: string
      order_id: string | null
      reservation: string | null
    }
  >(
    `select c.id as charge_id, c.status as charge_status, c.order_id, r.id as reservation, r.id, r.status,
            r.payment_status, r.guest_email, k.cancellation_policy, r.check_in::text, r.check_out::text
       from openpay_sandbox_charges c
       left join reservations r on r.id::text = c.order_id
       left join cabins k on k.id = r.cabin_id
      where c.status in ('completed', 'refunded')`,
  )
  const completedBad: string[] = []
  const refundedBad: string[] = []
  let completed = 0
  let refunded = 0
  for (const row of charges.rows) {
    const where = row.reservation ? `${row.reservation} (${row.status}/${row.payment_status})` : 'sin reserva'
    if (row.charge_status === 'completed') {
      completed += 1
      const kept =
        row.status === 'active' ||
        row.status === 'completed' ||
        (row.status === 'cancelled' && row.payment_status === 'PAID' && !refundsOnCancel(row))
      if (!row.reservation || !kept) completedBad.push(`cargo ${row.charge_id} → ${where}`)
    } else {
      refunded += 1
      if (row.status !== 'cancelled') refundedBad.push(`reembolso ${row.charge_id} → ${where}`)
    }
  }

  const unpaid = await db.query<{ id: string; status: string; payment_status: string }>(
    `select r.id, r.status, r.payment_status from reservations r
       left join openpay_sandbox_charges c on c.id = r.charge_id
      where r.status in ('active', 'completed') and r.guest_email like $1
        and (r.payment_status <> 'PAID' or c.id is null or c.status <> 'completed')`,
    [guestPattern],
  )
  const activePaid = await db.query<{ n: number }>(
    `select count(*)::int as n from reservations where status in ('active', 'completed') and guest_email like $1`,
    [guestPattern],
  )

  const keys = await db.query<{ key: string }>(`select key from idempotency_keys where status_code is null`)
  const allKeys = await db.query<{ n: number }>(`select count(*)::int as n from idempotency_keys`)

  const holds = await db.query<{ id: string; late: number }>(
    `select id, extract(epoch from now() - hold_expires_at)::int as late from reservations
      where status = 'pending' and hold_expires_at < now() - interval '30 seconds'`,
  )
  const pending = await db.query<{ n: number }>(
    `select count(*)::int as n from reservations where status = 'pending'`,
  )

  return [
    {
      name: 'Sin estancias vivas traslapadas',
      checked: requireValue(live.rows[0], 'a count of live stays').n,
      violations: overlaps.rows.map((row) => `${row.a} ∩ ${row.b}`),
    },
    {
      name: 'Cargo completado → estancia activa, completada o cancelada sin reembolso',
      checked: completed,
      violations: completedBad,
    },
    { name: 'Reembolso → estancia cancelada', checked: refunded, violations: refundedBad },
    {
      name: 'Reserva activa pagada → su cargo completado',
      checked: requireValue(activePaid.rows[0], 'a count of paid active reservations').n,
      violations: unpaid.rows.map((row) => `${row.id} (${row.status}/${row.payment_status})`),
    },
    {
      name: 'Ninguna Idempotency-Key en curso',
      checked: requireValue(allKeys.rows[0], 'a count of Idempotency-Keys').n,
      violations: keys.rows.map((row) => row.key),
    },
    {
      name: 'Ninguna retención vencida apartando noches',
      checked: requireValue(pending.rows[0], 'a count of pending reservations').n,
      violations: holds.rows.map((row) => `${row.id} (vencida hace ${row.late} s)`),
    },
  ]
}

const CONFIRMATION = /^(Reserva confirmada|Tu pago se confirmó):/
const CANCELLATION = /^Reserva cancelada:/
const VERIFY_EMAIL = /^Confirma tu correo/

/** The kind of a delivered mail, by its subject (the templates' own words). */
export function mailKind(mail: DeliveredMail): string {
  const subject = mail.subject
  if (subject.startsWith('Reserva confirmada:')) return 'reserva confirmada'
  if (subject.startsWith('Tu pago se confirmó:')) return 'pago confirmado'
  if (subject.startsWith('Estamos verificando')) return 'pago en verificación'
  if (subject.startsWith('Tu pago no se completó')) return 'pago no completado'
  if (CANCELLATION.test(subject)) return 'reserva cancelada'
  if (VERIFY_EMAIL.test(subject)) return 'confirma tu correo'
  return 'otro'
}

const OUTBOX_MESSAGE_ID = /^<outbox\.[0-9a-f-]{36}@[^>]+>$/

/**
 * The mails as the guest's mailbox shows them: a mail sent again with its Message-ID (its process
 * died between the SMTP server's 250 and the outbox's record of it) is one message to mail
 * providers and clients, so it counts once; `repeats` says how many such repeats arrived.
 */
export function distinctMails(mails: DeliveredMail[]): { mails: DeliveredMail[]; repeats: number } {
  const seen = new Set<string>()
  const distinct: DeliveredMail[] = []
  for (const mail of mails) {
    if (mail.messageId && seen.has(mail.messageId)) continue
    if (mail.messageId) seen.add(mail.messageId)
    distinct.push(mail)
  }
  return { mails: distinct, repeats: mails.length - distinct.length }
}

/**
 * Every confirmed stay got exactly one confirmation (at checkout, or once its pending payment
 * settled), every cancelled paid stay exactly one cancellation, every registration one 'confirma tu
 * correo'; and no such mail went to a stay that never reached that state.
 */
export async function mailInvariants(
  db: pg.Pool,
  guestPattern: string,
  delivered: DeliveredMail[],
  registrations: string[],
): Promise<Invariant[]> {
  const unnamed = delivered
    .filter((mail) => !OUTBOX_MESSAGE_ID.test(mail.messageId))
    .map((mail) => `correo «${mailKind(mail)}» con Message-ID ${mail.messageId || '(ninguno)'}`)
  const mails = distinctMails(delivered).mails
  const { rows } = await db.query<{ id: string; status: string; payment_status: string; email: string }>(
    `select id, status, payment_status, lower(guest_email) as email from reservations where guest_email like $1`,
    [guestPattern],
  )
  const byId = new Map(rows.map((row) => [row.id, row]))
  const byEmail = new Map<string, string[]>()
  for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.id])
  /** The one id of a list of one, or null (none, or more than one). */
  const single = (ids: string[]) => (ids.length === 1 ? (ids[0] ?? null) : null)
  const reservationOf = (mail: DeliveredMail): string | null =>
    single(mail.ids.filter((id) => byId.has(id))) ?? single(mail.to.flatMap((to) => byEmail.get(to) ?? []))
  const confirmations = new Map<string, number>()
  const cancellations = new Map<string, number>()
  const unmatched: string[] = []
  for (const mail of mails) {
    const kind = CONFIRMATION.test(mail.subject)
      ? confirmations
      : CANCELLATION.test(mail.subject)
        ? cancellations
        : null
    if (!kind) continue
    const id = reservationOf(mail)
    if (!id) unmatched.push(`correo ${mail.messageId || '(sin Message-ID)'} sin reserva reconocible`)
    else kind.set(id, (kind.get(id) ?? 0) + 1)
  }
  const confirmed = rows.filter(
    (row) =>
      row.status === 'active' ||
      row.status === 'completed' ||
      (row.status === 'cancelled' && (row.payment_status === 'PAID' || row.payment_status === 'REFUNDED')),
  )
  const cancelled = rows.filter(
    (row) =>
      row.status === 'cancelled' && (row.payment_status === 'PAID' || row.payment_status === 'REFUNDED'),
  )
  const exactlyOne = (expected: typeof rows, counted: Map<string, number>) => {
    const wanted = new Set(expected.map((row) => row.id))
    const wrong = expected
      .filter((row) => (counted.get(row.id) ?? 0) !== 1)
      .map((row) => `${row.id}: ${counted.get(row.id) ?? 0} correos`)
    for (const [id, n] of counted) {
      if (!wanted.has(id))
        wrong.push(`${id} (${byId.get(id)?.status}/${byId.get(id)?.payment_status}): ${n} correos de más`)
    }
    return wrong
  }
  const verify = new Map<string, number>()
  for (const mail of mails) {
    if (!VERIFY_EMAIL.test(mail.subject)) continue
    for (const to of mail.to) verify.set(to, (verify.get(to) ?? 0) + 1)
  }
  const verifyWrong = registrations
    .map((email, i) => ({ n: verify.get(email.toLowerCase()) ?? 0, i }))
    .filter(({ n }) => n !== 1)
    .map(({ n, i }) => `registro #${i + 1}: ${n} correos`)
  return [
    {
      name: 'Reserva confirmada → exactamente 1 correo',
      checked: confirmed.length,
      violations: [...exactlyOne(confirmed, confirmations), ...unmatched],
    },
    {
      name: 'Cancelación → exactamente 1 correo',
      checked: cancelled.length,
      violations: exactlyOne(cancelled, cancellations),
    },
    {
      name: 'Cada correo lleva el Message-ID de su fila del outbox',
      checked: delivered.length,
      violations: unnamed,
    },
    {
      name: 'Registro → exactamente 1 «confirma tu correo»',
      checked: registrations.length,
      violations: verifyWrong,
    },
  ]
}

/** The cabins each search answer lists, by `state|checkIn|checkOut`. */
export type SearchAnswers = Map<string, Set<string>>

export const searchKey = (state: string, window: StayWindow) =>
  `${state}|${window.checkIn}|${window.checkOut}`

export async function searchAll(
  server: ApiProcess,
  states: string[],
  windows: StayWindow[],
): Promise<SearchAnswers> {
  const answers: SearchAnswers = new Map()
  for (const state of states) {
    for (const window of windows) {
      const query = new URLSearchParams({ location: state, ...window, guests: '2' })
      const res = await fetch(`${server.url}/cotizar/search?${query}`, {
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) throw new Error(`búsqueda en ${server.name}: ${res.status}`)
      const body = (await res.json()) as { habitaciones: { _id: string }[] }
      answers.set(searchKey(state, window), new Set(body.habitaciones.map((cabin) => cabin._id)))
    }
  }
  return answers
}

/**
 * Both processes' search answers agree with the database: what each lists for a destination and
 * dates is what it listed before the load (a quiet catalogue) minus the cabins the database now
 * shows taken on those nights, no more, no less.
 */
export async function searchInvariant(
  db: pg.Pool,
  servers: ApiProcess[],
  states: string[],
  windows: StayWindow[],
  baseline: SearchAnswers,
): Promise<Invariant> {
  const violations: string[] = []
  let checked = 0
  const taken = new Map<string, Set<string>>()
  for (const window of windows) {
    const { rows } = await db.query<{ cabin_id: string }>(
      `select distinct cabin_id from reservations where status in ('pending', 'active')
         and daterange(check_in, check_out, '[)') && daterange($1::date, $2::date, '[)')`,
      [window.checkIn, window.checkOut],
    )
    taken.set(`${window.checkIn}|${window.checkOut}`, new Set(rows.map((row) => row.cabin_id)))
  }
  for (const server of servers) {
    const answers = await searchAll(server, states, windows)
    for (const state of states) {
      for (const window of windows) {
        const key = searchKey(state, window)
        const busy = requireValue(
          taken.get(`${window.checkIn}|${window.checkOut}`),
          `the taken cabins of ${key}`,
        )
        const expected = [...requireValue(baseline.get(key), `the search before the load of ${key}`)].filter(
          (id) => !busy.has(id),
        )
        const got = requireValue(answers.get(key), `${server.name}'s search of ${key}`)
        checked += 1
        const extra = [...got].filter((id) => !expected.includes(id))
        const missing = expected.filter((id) => !got.has(id))
        if (extra.length + missing.length > 0) {
          violations.push(
            `${server.name} ${key}: ${extra.length ? `ocupadas listadas ${extra.join(',')}` : ''}${missing.length ? ` libres omitidas ${missing.join(',')}` : ''}`,
          )
        }
      }
    }
  }
  return { name: 'Búsqueda de ambos procesos = base de datos', checked, violations }
}

/**
 * No guest address or access token of the run in any process's log: every e-mail-like and
 * token-like string in the logs is looked up among the run's secrets.
 */
export async function logInvariant(logFiles: string[], secrets: string[]): Promise<Invariant> {
  const wanted = new Set(secrets.map((secret) => secret.toLowerCase()))
  const leaks = new Set<string>()
  let lines = 0
  for (const file of logFiles) {
    const reader = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })
    for await (const line of reader) {
      lines += 1
      for (const match of line.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[A-Za-z0-9_-]{20,}/g)) {
        if (wanted.has(match[0].toLowerCase())) leaks.add(`${file.split('/').at(-1)} línea ${lines}`)
      }
    }
  }
  return {
    name: 'Bitácoras sin correos ni tokens de la corrida',
    checked: lines,
    violations: [...leaks].slice(0, 20),
  }
}
