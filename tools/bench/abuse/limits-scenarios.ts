// Rate limits and guessing: what costs us is limited per IP in every process, the owner gets in while an
// attacker guesses, X-Forwarded-For is not trusted by default.
import { addDays, requireValue } from '@cabanas/domain/shared'
import { type Answer, call, chargeBody, uniqueEmail } from './client.ts'
import { type AbuseContext, cabinIds, forwarded, server, tally, today } from './scenarios.ts'

export async function firstRefusal(
  ctx: AbuseContext,
  label: string,
  attempts: number,
  send: (i: number) => Promise<Answer>,
) {
  for (let i = 0; i < attempts; i++) {
    const answer = await send(i)
    if (answer.status === 429) {
      const message = String(answer.json.error ?? '')
      ctx.figure(
        `${label}: primer 429 en el intento ${i + 1} (Retry-After ${answer.headers.get('retry-after')})`,
      )
      ctx.check(/[áéíóúñ]|Demasiad|Intenta/i.test(message), `${label}: 429 con mensaje en español`)
      return i + 1
    }
  }
  ctx.check(false, `${label}: ningún 429 en ${attempts} intentos`)
  return null
}

/** Item 1: per-IP limits, shared by every process, on what costs us. */
export async function costlyRequestsAreRateLimited(ctx: AbuseContext) {
  const ids = await cabinIds(server(ctx, 0))
  const checkIn = addDays(today(), 200)
  const ip = { 'x-forwarded-for': '203.0.113.77' }
  await firstRefusal(ctx, 'cobros desde una IP (alternando procesos)', 80, (i) =>
    call(server(ctx, i), 'POST', '/payments/charge', {
      headers: ip,
      body: chargeBody({
        tokenId: `tokinvalido${i}`,
        cabinId: requireValue(ids[i % ids.length], 'a cabin in the catalog'),
        checkIn,
        checkOut: addDays(checkIn, 2),
        email: uniqueEmail('limite'),
      }),
    }),
  )
  await firstRefusal(ctx, 'registros desde una IP', 80, (i) =>
    call(server(ctx, i), 'POST', '/auth/register', {
      headers: { 'x-forwarded-for': '203.0.113.78' },
      body: {
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: uniqueEmail('registro'),
        password: 'clave-segura-1',
        confirmPassword: 'clave-segura-1',
        acceptTerms: true,
      },
    }),
  )
  await firstRefusal(ctx, 'solicitudes de reserva desde una IP', 80, (i) =>
    call(server(ctx, i), 'POST', '/api/bookings', {
      headers: { 'x-forwarded-for': '203.0.113.79' },
      body: {
        cabinId: ids[i % ids.length],
        checkIn,
        checkOut: addDays(checkIn, 2),
        guests: 2,
        fullName: 'Ana Ruiz',
        email: uniqueEmail('solicitud'),
        phone: '5512345678',
      },
    }),
  )
  await firstRefusal(ctx, 'recuperar contraseña desde una IP', 80, (i) =>
    call(server(ctx, i), 'POST', '/auth/forgot-password', {
      headers: { 'x-forwarded-for': '203.0.113.80' },
      body: { email: uniqueEmail('olvido') },
    }),
  )
}

/** General per-IP budget and its Spanish 429 (each process keeps its own). */
export async function generalLimitHolds(ctx: AbuseContext, budget: number) {
  const base = server(ctx, 0)
  const statuses: number[] = []
  for (let batch = 0; batch < Math.ceil((budget + 100) / 50); batch++) {
    statuses.push(
      ...(await Promise.all(
        Array.from(
          { length: 50 },
          async () => (await call(base, 'GET', '/health/live', { headers: forwarded(99) })).status,
        ),
      )),
    )
  }
  const first = statuses.indexOf(429)
  ctx.figure(
    `límite general por IP (${budget}/min, contando lo que esta IP ya pidió): ${tally(statuses)}; primer 429 en la solicitud ${first + 1}`,
  )
  ctx.check(first >= 0 && first <= budget, 'el límite general por IP corta dentro de su presupuesto')
  const refused = await call(base, 'GET', '/health/live')
  ctx.check(
    refused.status === 429 && String(refused.json.error).startsWith('Demasiadas solicitudes'),
    'y responde 429 en español',
  )
}

/** Item 8: the owner still gets in while an attacker guesses; the attacker is blocked. */
export async function guessesSlowTheAttackerNotTheOwner(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const email = uniqueEmail('duena')
  const password = 'la-clave-de-la-duena-9'
  ctx.secrets.push(email, password)
  await call(base, 'POST', '/auth/register', {
    headers: forwarded(150),
    body: {
      firstName: 'Dueña',
      lastName: 'Real',
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  })
  const attacker: number[] = []
  for (let i = 0; i < 30; i++) {
    const res = await call(server(ctx, i), 'POST', '/auth/login', {
      headers: { 'x-forwarded-for': '192.0.2.66' },
      body: { email, password: `adivinanza-${i}` },
    })
    attacker.push(res.status)
  }
  const owner = await call(server(ctx, 1), 'POST', '/auth/login', {
    headers: { 'x-forwarded-for': '192.0.2.10' },
    body: { email, password },
  })
  ctx.figure(`30 intentos de un atacante: ${tally(attacker)}; la dueña desde otra IP: ${owner.status}`)
  ctx.check(attacker.includes(429), 'el atacante queda bloqueado')
  ctx.check(owner.status === 200, 'la dueña entra con su contraseña correcta')
  const token = (owner.json.data as { token?: string } | undefined)?.token
  if (token) ctx.secrets.push(token)
}

/** Item 7: without TRUST_PROXY, X-Forwarded-For does not rotate past the login limit. */
export async function forwardedForIsIgnoredByDefault(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const statuses: number[] = []
  for (let i = 0; i < 30; i++) {
    const res = await call(base, 'POST', '/auth/login', {
      headers: forwarded(i),
      body: { email: uniqueEmail('spray'), password: 'adivinanza' },
    })
    statuses.push(res.status)
  }
  ctx.figure(`30 intentos con X-Forwarded-For rotando (sin TRUST_PROXY): ${tally(statuses)}`)
  ctx.check(statuses.includes(429), 'X-Forwarded-For no evade el límite sin TRUST_PROXY')
}
