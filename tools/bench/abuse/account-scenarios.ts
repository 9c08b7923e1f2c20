// Attacks on accounts by mail: reset links (their origin, what a reset ends) and the forgot-password answer.
import { numberAt, requireValue } from '@cabanas/domain/shared'
import { readOutboxMails } from '../../../apps/api/src/features/mail/mail-testing.ts'
import { call, uniqueEmail, waitFor } from './client.ts'
import { type AbuseContext, forwarded, server } from './scenarios.ts'

/** The plain text of the mails (.eml files) sent to `email`. */
async function mailsTo(outboxDir: string, email: string): Promise<string[]> {
  return (await readOutboxMails(outboxDir, email)).map((mail) => mail.text ?? '')
}

/** Items 6 and 9: the reset link's origin is PUBLIC_URL; a reset ends other sessions and links. */
export async function resetLinksAreSafe(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const email = uniqueEmail('reinicio')
  const password = 'clave-original-1'
  ctx.secrets.push(email, password)
  const address = { 'x-forwarded-for': '192.0.2.200' }
  await call(base, 'POST', '/auth/register', {
    headers: address,
    body: {
      firstName: 'Rita',
      lastName: 'Reyes',
      email,
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  })
  const sessions: string[] = []
  for (let i = 0; i < 2; i++) {
    const login = await call(server(ctx, i), 'POST', '/auth/login', {
      headers: address,
      body: { email, password },
    })
    sessions.push(String((login.json.data as { token: string }).token))
  }
  ctx.secrets.push(...sessions)
  for (let i = 0; i < 2; i++) {
    await call(server(ctx, i), 'POST', '/auth/forgot-password', {
      headers: { ...address, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      body: { email },
    })
  }
  const mails = await waitFor(async () => {
    const found = (await mailsTo(ctx.outboxDir, email)).filter((text) =>
      text.includes('forgot-password#token='),
    )
    return found.length >= 2 ? found : undefined
  }, 30_000)
  const links = (mails ?? []).flatMap((mail) => [
    ...mail.matchAll(/https?:\/\/[^\s"'<>]+forgot-password#token=[\w-]+/g),
  ])
  const origins = [...new Set(links.map((link) => new URL(link[0]).origin))]
  ctx.figure(`enlaces de restablecimiento enviados: ${links.length}; orígenes: ${origins.join(', ')}`)
  ctx.check(
    origins.length === 1 && origins[0] === 'https://cabanas.example',
    'el enlace usa PUBLIC_URL aunque Host y X-Forwarded-Host digan otra cosa',
  )
  // The pattern above matched `#token=` and at least one character: every link has its token.
  const tokens = links.map((link) =>
    requireValue(new URLSearchParams(new URL(link[0]).hash.slice(1)).get('token'), 'a reset link’s token'),
  )
  ctx.secrets.push(...tokens)
  if (tokens.length < 2) return
  const reset = await call(base, 'POST', '/auth/reset-password', {
    headers: address,
    body: { token: tokens[0], password: 'clave-nueva-22', confirmPassword: 'clave-nueva-22' },
  })
  const other = await call(base, 'POST', '/auth/reset-password', {
    headers: address,
    body: { token: tokens[1], password: 'clave-nueva-33', confirmPassword: 'clave-nueva-33' },
  })
  const checks = await Promise.all(
    sessions.map((token, i) =>
      call(server(ctx, i), 'GET', '/auth/check', { headers: { authorization: `Bearer ${token}` } }),
    ),
  )
  ctx.figure(
    `restablecer: ${reset.status}; el otro enlace: ${other.status}; sesiones previas: ${checks.map((c) => c.status).join(', ')}`,
  )
  ctx.check(reset.status === 200, 'el enlace restablece la contraseña')
  ctx.check(other.status === 400, 'los demás enlaces dejan de servir')
  ctx.check(
    checks.every((c) => c.status === 401),
    'las sesiones anteriores terminan en todos los procesos',
  )
}

/** Item 10: forgot-password answers the same, in the same time, for an account and for nobody. */
export async function forgotPasswordRevealsNothing(ctx: AbuseContext) {
  const base = server(ctx, 0)
  const known: string[] = []
  for (let i = 0; i < 20; i++) {
    const email = uniqueEmail('conocida')
    known.push(email)
    await call(server(ctx, i), 'POST', '/auth/register', {
      headers: forwarded(100 + i),
      body: {
        firstName: 'Eva',
        lastName: 'Luna',
        email,
        password: 'clave-eva-123',
        confirmPassword: 'clave-eva-123',
        acceptTerms: true,
      },
    })
  }
  ctx.secrets.push(...known)
  const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] }
  const bodies = new Set<string>()
  for (let i = 0; i < 40; i++) {
    const kind = i % 2 === 0 ? 'known' : 'unknown'
    const email =
      kind === 'known' ? requireValue(known[i / 2], `registered account ${i / 2}`) : uniqueEmail('nadie')
    const res = await call(base, 'POST', '/auth/forgot-password', {
      headers: forwarded(50 + i),
      body: { email },
    })
    times[kind].push(res.ms)
    bodies.add(`${res.status} ${JSON.stringify(res.json)}`)
  }
  const median = (values: number[]) =>
    numberAt(
      [...values].sort((a, b) => a - b),
      Math.floor(values.length / 2),
    )
  const [a, b] = [median(times.known), median(times.unknown)]
  ctx.figure(
    `recuperar contraseña, mediana: cuenta existente ${a.toFixed(1)} ms, inexistente ${b.toFixed(1)} ms (20 de cada una)`,
  )
  ctx.check(bodies.size === 1, 'la misma respuesta exista o no la cuenta')
  ctx.check(Math.abs(a - b) < 15, 'el mismo tiempo (diferencia de medianas < 15 ms)')
}
