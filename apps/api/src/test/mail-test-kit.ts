/*
 * Shared set-up of the mail tests that go through a real SMTP server in this process
 * (features/mail/mail-stay.test.ts, mail-delivery.test.ts): the server, the app on a fresh database
 * that logs everything, and what the tests read back (the .ics properties, the outbox rows). `useSmtpMail`
 * is called once at the top of a test file: what it starts is that file's own, and stopped after it.
 */

import { type AddressInfo, createServer } from 'node:net'
import { sql } from 'drizzle-orm'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { type Database, executeRows } from '../db/client.ts'
import { enqueueMail, type MailJob } from '../features/mail/mail-jobs.ts'
import { fixedClock } from '../plugins/clock.ts'
import { openTestDatabase } from './build-test-app.ts'
import { insertCabin } from './factories.ts'
import { must } from './must.ts'

export const PUBLIC_URL = 'https://cabanas.example'
export const MAIL_FROM = 'Cabañas MX <reservas@cabanas.example>'

/** A real SMTP server in this process: every message it accepts, with its envelope. */
type Received = { envelopeTo: string[]; raw: Buffer }
export async function startSmtpServer(port = 0) {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The mailer keeps its pooled connection open: closing cuts it instead of waiting 30 s.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The app on a fresh database, logging everything (level trace) into `logLines`. */
export async function startMailApp(env: Record<string, string>) {
  const logLines: string[] = []
  const database = await openTestDatabase()
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/nonexistent',
    SEARCH_INDEX_MAX_STALENESS_MS: '0',
    RECONCILE_INTERVAL_MS: '0',
    OUTBOX_INTERVAL_MS: '0',
    PUBLIC_URL,
    MAIL_FROM,
    ...env,
  })
  const app = await buildApp({
    config,
    clock: fixedClock('2026-11-23'),
    database,
    logger: { level: 'trace', stream: { write: (line) => void logLines.push(line) } },
  })
  await app.ready()
  return {
    app,
    db: database.db,
    logLines,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** A TCP port nothing listens on (taken, then given back). */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

export const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '')
export const icsProperty = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .find((line) => line.startsWith(`${name}:`))
    ?.slice(name.length + 1)

/** CRLF line ends only, and no physical line over 75 octets (RFC 5545 §3.1). */
export function expectFoldedCrlf(ics: string) {
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
}

type OutboxRow = {
  status: string
  payload: Record<string, unknown>
  attempts: number
  last_error_code: string | null
}
export async function outboxRows(db: Database, kind: string) {
  return executeRows<OutboxRow>(
    db,
    sql`select status, payload, attempts, last_error_code from outbox where kind = ${kind} order by created_at`,
  )
}

type SmtpMail = {
  smtp: Awaited<ReturnType<typeof startSmtpServer>>
  ctx: Awaited<ReturnType<typeof startMailApp>>
  cabin: Awaited<ReturnType<typeof insertCabin>>
}

/**
 * One SMTP server and one app sending to it for the test file, with the cabin the stay mails are
 * about; what the server received is forgotten after each test.
 */
export function useSmtpMail() {
  let current: SmtpMail | undefined
  // What started is kept as soon as it starts, so that afterAll stops it even if a later step failed.
  let started: Partial<SmtpMail> = {}
  beforeAll(async () => {
    started = {}
    const smtp = await startSmtpServer()
    started.smtp = smtp
    const ctx = await startMailApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    started.ctx = ctx
    const cabin = await insertCabin(ctx.db, {
      name: 'Cabaña El Pinar',
      population: 'Mazamitla',
      state: 'Jalisco',
      latitude: 19.9156,
      longitude: -103.0197,
      images: [
        {
          url: '/media/cabins/el-pinar/1.webp',
          preview: '/media/cabins/el-pinar/1-card.webp',
          alt: 'Fachada',
        },
      ],
    })
    current = { smtp, ctx, cabin }
  })
  afterAll(async () => {
    await started.ctx?.close()
    await started.smtp?.close()
  })
  afterEach(() => {
    if (current) current.smtp.received.length = 0
  })
  const get = () => must(current, 'the SMTP server and the app (beforeAll)')

  return {
    get smtp() {
      return get().smtp
    },
    get ctx() {
      return get().ctx
    },
    get app() {
      return get().ctx.app
    },
    get cabin() {
      return get().cabin
    },
    /** Queues `job`, runs the outbox once and returns what the SMTP server received, parsed. */
    async send(job: MailJob): Promise<ParsedMail[]> {
      const { ctx, smtp } = get()
      await enqueueMail(ctx.db, job)
      expect(await ctx.app.runJobOnce(ctx.app.outboxJob)).toBe(true)
      return Promise.all(smtp.received.map((message) => simpleParser(message.raw)))
    },
    expectNoSecretInLogs(...secrets: string[]) {
      const log = get().ctx.logLines.join('')
      expect(log).toContain('mail sent')
      for (const secret of secrets) expect(log, `the log holds ${secret.slice(0, 10)}…`).not.toContain(secret)
    },
  }
}
