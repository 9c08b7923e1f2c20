import type { RouteSpec } from './context.ts'

/**
 * The host profile (features/hosts): the fuzz account became a host at set-up, so a POST is mostly a
 * 409; the operator's list of hosts (features/operators), with the operator's session.
 */
export const HOST_ROUTES: RouteSpec[] = [
  {
    method: 'POST',
    url: '/api/hosts/me',
    auth: 'session',
    body: (_ctx, random) => ({
      displayName: 'Cabañas Fuzz',
      phone: '+52 55 1234 5678',
      clabe: random.pick(['012180012345678909', '072 320 00112233445 5', '646-180-15800001234-7']),
    }),
  },
  { method: 'GET', url: '/api/hosts/me', auth: 'session' },
  {
    method: 'PUT',
    url: '/api/hosts/me',
    auth: 'session',
    body: (_ctx, random) => ({
      displayName: random.pick(['Cabañas Fuzz', 'Refugio del Fuzz']),
      phone: '5512345678',
      ...(random.chance(0.5) ? { clabe: '638180000001234565' } : {}),
    }),
  },
  { method: 'GET', url: '/api/operator/hosts', auth: 'operator' },
  // 'Hoy' (issue 22): the fuzz host's home; no input but its session.
  { method: 'GET', url: '/api/hosts/me/today', auth: 'session' },
]
