import { SessionResponseSchema } from '@cabanas/domain/auth'
import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cabins, clients, hostProfiles, operators } from '../../db/schema.ts'
import { SEED_CABINS } from '../../db/seed-data/catalogue.ts'
import { buildTestApp } from '../../test/build-test-app.ts'
import { insertCabin } from '../../test/factories.ts'
import { must } from '../../test/must.ts'
import { DEMO_HOSTS, DEMO_OPERATOR, DEMO_PASSWORD, seedDemoAccounts } from './demo-accounts.ts'

let ctx: Awaited<ReturnType<typeof buildTestApp>>
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(() => ctx.close())

const demoEmails = [...DEMO_HOSTS.map((host) => host.email), DEMO_OPERATOR.email]
const countDemoClients = async () =>
  must(
    (await ctx.db.select({ n: count() }).from(clients).where(inArray(clients.email, demoEmails)))[0],
    '(await ctx.db.select({ n: count() }).from(clients).where(inArray(cl...',
  ).n

describe('demo accounts (issue 21, point 9)', () => {
  it('are never created in production', async () => {
    expect(await seedDemoAccounts(ctx.db, { env: 'production' })).toBeNull()
    expect(await countDemoClients()).toBe(0)
  })

  it('give the seeded cabins to three demo hosts and add a demo operator, once, who can sign in', async () => {
    // Three seeded cabins (by their slugs), and a cabin not seeded, which stays without a host.
    const seeded = await Promise.all(
      SEED_CABINS.slice(0, 3).map((cabin) => insertCabin(ctx.db, { slug: cabin.slug })),
    )
    const other = await insertCabin(ctx.db)
    const signIns = await seedDemoAccounts(ctx.db, { env: 'development' })
    expect(signIns).toEqual({
      host: { email: DEMO_HOSTS[0].email, password: DEMO_PASSWORD },
      operator: { email: DEMO_OPERATOR.email, password: DEMO_PASSWORD },
    })
    // A second start changes nothing.
    await seedDemoAccounts(ctx.db, { env: 'development' })
    expect(await countDemoClients()).toBe(4)

    const hosts = await ctx.db
      .select({ id: clients.id, email: clients.email, verified: clients.isEmailVerified })
      .from(clients)
      .innerJoin(hostProfiles, eq(hostProfiles.clientId, clients.id))
    expect(hosts.map((host) => host.email).sort()).toEqual(DEMO_HOSTS.map((host) => host.email).sort())
    expect(hosts.every((host) => host.verified)).toBe(true)
    const owners = await ctx.db
      .select({ id: cabins.id, hostId: cabins.hostId })
      .from(cabins)
      .where(inArray(cabins.id, [...seeded.map((cabin) => cabin.id), other.id]))
    const hostIds = new Set(hosts.map((host) => host.id))
    for (const cabin of seeded)
      expect(
        hostIds.has(
          must(
            must(
              owners.find((o) => o.id === cabin.id),
              'owners.find((o) => o.id === cabin.id)',
            ).hostId,
            'owners.find((o) => o.id === cabin.id)!.hostId',
          ),
        ),
      ).toBe(true)
    expect(
      new Set(
        seeded.map(
          (cabin) =>
            must(
              owners.find((o) => o.id === cabin.id),
              'owners.find((o) => o.id === cabin.id)',
            ).hostId,
        ),
      ).size,
    ).toBe(3)
    expect(
      must(
        owners.find((o) => o.id === other.id),
        'owners.find((o) => o.id === other.id)',
      ).hostId,
    ).toBeNull()
    expect(await ctx.db.select().from(operators)).toHaveLength(1)

    for (const email of [DEMO_HOSTS[0].email, DEMO_OPERATOR.email]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      })
      expect(res.statusCode, res.body).toBe(200)
      const { client } = SessionResponseSchema.parse(res.json()).data
      expect(client.roles).toEqual([email === DEMO_OPERATOR.email ? 'operator' : 'host'])
    }
    // The host's profile shows its CLABE masked: it was sealed as the route seals it.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: DEMO_HOSTS[1].email, password: DEMO_PASSWORD },
    })
    const token = SessionResponseSchema.parse(login.json()).data.token
    const profile = await ctx.app.inject({
      url: '/api/hosts/me',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(profile.json().data.hostProfile).toMatchObject({
      displayName: 'Refugios Don Beto',
      clabeLast4: '8909',
    })
  })
})
