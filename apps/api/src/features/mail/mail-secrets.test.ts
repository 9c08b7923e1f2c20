import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../../db/schema.ts'
import { enqueueOutbox } from '../../plugins/outbox.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertClient } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { enqueueMail } from './mail-jobs.ts'
import { readOutboxMails } from './mail-testing.ts'

// Issue 19, point 3: a link's secret in a queued mail (the trip page's access token, the 'Confirma tu
// correo' token, any `token` field) waits in the outbox sealed, whoever queues it.
const mailDir = mkdtempSync(path.join(tmpdir(), 'cabanas-mail-secrets-'))
let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp({ env: { MAIL_OUTBOX_DIR: mailDir } })
})
afterAll(() => ctx.close())

const newToken = () => `tok${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`

/** The pending 'Confirma tu correo' rows about a client. */
async function rowsOf(clientId: string) {
  const rows = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'mail:verify-email'))
  return rows.filter((row) => row.payload.clientId === clientId)
}

const rowById = async (id: string) => (await ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0]

describe('a token in a queued mail', () => {
  it("'Confirma tu correo': sealed in the outbox, in clear only in the mail, and gone once sent", async () => {
    const client = await insertClient(ctx.db, { email: 'sellado@ejemplo.mx' })
    const token = newToken()
    await enqueueMail(ctx.db, { template: 'verify-email', clientId: client.id, token })

    const [queued] = await rowsOf(client.id)
    expect(JSON.stringify(queued)).not.toContain(token)
    expect(must(queued, 'queued').payload).toEqual({
      clientId: client.id,
      token: expect.stringMatching(/^s1\./),
    })

    expect(await ctx.app.runJobOnce(ctx.app.outboxJob)).toBe(true)
    const [mail] = await readOutboxMails(mailDir, 'sellado@ejemplo.mx')
    expect(must(mail, 'mail').text).toContain(`/verificar-correo#token=${token}`)
    expect(await rowById(must(queued, 'queued').id)).toMatchObject({ status: 'done', payload: {} })
  })

  it('queued in clear before sealing existed: sealed at the next start, and still delivered', async () => {
    const client = await insertClient(ctx.db, { email: 'antiguo@ejemplo.mx' })
    const token = newToken()
    // As the previous version queued it.
    await enqueueOutbox(ctx.db, { kind: 'mail:verify-email', payload: { clientId: client.id, token } })
    expect(JSON.stringify(await rowsOf(client.id))).toContain(token)

    await ctx.buildTwin()
    expect(JSON.stringify(await rowsOf(client.id))).not.toContain(token)

    expect(await ctx.app.runJobOnce(ctx.app.outboxJob)).toBe(true)
    const [mail] = await readOutboxMails(mailDir, 'antiguo@ejemplo.mx')
    expect(must(mail, 'mail').text).toContain(`/verificar-correo#token=${token}`)
  })

  it('moved to another client’s row does not open: nothing is sent, the row is retried', async () => {
    const owner = await insertClient(ctx.db, { email: 'duena@ejemplo.mx' })
    const other = await insertClient(ctx.db, { email: 'intrusa@ejemplo.mx' })
    await enqueueMail(ctx.db, { template: 'verify-email', clientId: owner.id, token: newToken() })
    const [sealed] = await rowsOf(owner.id)
    await ctx.db
      .update(outbox)
      .set({ payload: { ...must(sealed, 'sealed').payload, clientId: other.id } })
      .where(eq(outbox.id, must(sealed, 'sealed').id))

    expect(await ctx.app.runJobOnce(ctx.app.outboxJob)).toBe(true)
    expect(await readOutboxMails(mailDir, 'intrusa@ejemplo.mx')).toEqual([])
    expect(await rowById(must(sealed, 'sealed').id)).toMatchObject({
      status: 'pending',
      lastErrorCode: 'SECRET_UNREADABLE',
    })
  })
})
