import type { FuzzContext, RouteSpec } from './context.ts'
import type { Random } from './random.ts'

export const basic = (user: string, password = '') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

const bearer = (token: string): [string, string][] => [['Authorization', `Bearer ${token}`]]

/** The credentials a well-formed request to this route carries (mutate.ts may break them afterwards). */
export function authHeaders(spec: RouteSpec, ctx: FuzzContext, random: Random): [string, string][] {
  switch (spec.auth) {
    case 'session':
      return ctx.session.token ? bearer(ctx.session.token) : []
    case 'session-ending':
      return ctx.session.spareToken ? bearer(ctx.session.spareToken) : []
    case 'operator': {
      // Mostly the operator; sometimes the fuzz host, whom the operator routes refuse (403).
      const token = random.chance(0.85) ? (ctx.operator?.token ?? null) : ctx.session.token
      return token ? bearer(token) : []
    }
    case 'reservation': {
      const reservation = spec.url.endsWith('/cancel')
        ? (ctx.cancellable ?? ctx.reservation)
        : ctx.reservation
      const headers: [string, string][] = reservation
        ? [['X-Reservation-Token', reservation.accessToken]]
        : []
      if (ctx.session.token && random.chance(0.2)) headers.push(...bearer(ctx.session.token))
      return headers
    }
    case 'sandbox-public':
      return ctx.sandbox ? [['Authorization', basic(ctx.sandbox.publicKey)]] : []
    case 'sandbox-private':
      return ctx.sandbox ? [['Authorization', basic(ctx.sandbox.privateKey)]] : []
    case 'webhook':
      return [['Authorization', basic(ctx.webhook.user, ctx.webhook.password)]]
    default:
      return ctx.session.token && random.chance(0.1) ? bearer(ctx.session.token) : []
  }
}
