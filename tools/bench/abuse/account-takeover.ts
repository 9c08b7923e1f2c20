import { addDays, calendarDateIn } from '@cabanas/domain/shared'
import { readOutboxMails } from '../../../apps/api/src/features/mail/mail-testing.ts'
import { call, uniqueEmail, waitFor } from './client.ts'
import type { AbuseContext } from './scenarios.ts'
import { cabinIds, quotableCabins } from './scenarios.ts'

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/**
 * Issue 19: account pre-hijacking. A stranger registers the victim's address with a password of the
 * stranger's choosing; the victim books as a guest and clicks the genuine 'Confirma tu correo' link.
 * The click alone must join nothing to the stranger's account; 'No fui yo' must put the stranger out
 * on every process and give the victim the account with the booking.
 */
export async function preHijackedAccountGetsNothing(ctx: AbuseContext) {
  const [a, b = a] = ctx.servers.map((server) => server.url) as [string, ...string[]]
  const victim = uniqueEmail('victima')
  const attackerPassword = 'clave-del-extrano-1'
  const victimPassword = 'clave-de-la-duena-1'
  ctx.secrets.push(victim, attackerPassword, victimPassword)

  const registered = await call(a, 'POST', '/auth/register', {
    headers: { 'x-forwarded-for': '192.0.2.66' },
    body: {
      firstName: 'Extraño',
      lastName: 'Anónimo',
      email: victim,
      password: attackerPassword,
      confirmPassword: attackerPassword,
      acceptTerms: true,
    },
  })
  const attacker = String((registered.json.data as { token: string }).token)
  ctx.secrets.push(attacker)

  // The victim asks to book as a guest, with their own address.
  const checkIn = addDays(calendarDateIn(new Date()), 60)
  const checkOut = addDays(checkIn, 2)
  const [cabinId] = await quotableCabins(b, await cabinIds(b), checkIn, checkOut)
  const requested = await call(b, 'POST', '/api/bookings', {
    headers: { 'x-forwarded-for': '192.0.2.67' },
    body: {
      fullName: 'Dueña Del Correo',
      email: victim,
      phone: '5512345678',
      guests: 2,
      cabinId,
      checkIn,
      checkOut,
    },
  })

  // The genuine link, from the victim's mailbox.
  const link = await waitFor(async () => {
    const mails = await readOutboxMails(ctx.outboxDir, victim)
    const text = mails.find((mail) => /Confirma tu correo/i.test(mail.subject ?? ''))?.text ?? ''
    return /\/verificar-correo#token=([\w-]+)/.exec(text)?.[1]
  }, 30_000)
  if (!link) return ctx.check(false, "el correo 'Confirma tu correo' llega a la víctima")
  ctx.secrets.push(link)

  const clicked = await call(b, 'POST', '/auth/verify-email', { body: { token: link } })
  const outcome = (clicked.json.data as { outcome?: string } | undefined)?.outcome
  const seenByAttacker = await call(a, 'GET', '/auth/booking-requests', { headers: bearer(attacker) })
  const attackerRequests = (seenByAttacker.json.data as { requests: unknown[] } | undefined)?.requests ?? []
  ctx.figure(
    `solicitud de la víctima: ${requested.status}; clic en el enlace sin sesión: ${clicked.status} (${outcome}); solicitudes que ve el extraño: ${attackerRequests.length}`,
  )
  ctx.check(
    requested.status === 201 && outcome === 'owner-needed' && attackerRequests.length === 0,
    'un clic en el enlace no le da al extraño las reservas de la víctima',
  )

  const takeBack = await call(a, 'POST', '/auth/verify-email/take-back', {
    headers: { 'x-forwarded-for': '192.0.2.67' },
    body: { token: link, password: victimPassword, confirmPassword: victimPassword },
  })
  const victimSession = String((takeBack.json.data as { token?: string } | undefined)?.token ?? '')
  ctx.secrets.push(victimSession)
  const attackerChecks = await Promise.all(
    [a, b].map((url) => call(url, 'GET', '/auth/check', { headers: bearer(attacker) })),
  )
  const attackerLogin = await call(b, 'POST', '/auth/login', {
    headers: { 'x-forwarded-for': '192.0.2.66' },
    body: { email: victim, password: attackerPassword },
  })
  const seenByVictim = await call(b, 'GET', '/auth/booking-requests', { headers: bearer(victimSession) })
  const victimRequests = (seenByVictim.json.data as { requests: unknown[] } | undefined)?.requests ?? []
  ctx.figure(
    `«No fui yo»: ${takeBack.status}; sesión del extraño: ${attackerChecks.map((c) => c.status).join(', ')}; su contraseña: ${attackerLogin.status}; solicitudes de la víctima: ${victimRequests.length}`,
  )
  ctx.check(
    takeBack.status === 200 && attackerChecks.every((c) => c.status === 401) && attackerLogin.status === 401,
    '«No fui yo» saca al extraño de todos los procesos y anula su contraseña',
  )
  ctx.check(victimRequests.length === 1, 'la víctima, con su propia contraseña, ve su solicitud')
}
