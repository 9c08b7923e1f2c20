import { type RouteSpec, uniqueEmail } from './context.ts'

/** Accounts: registration, sessions, profile, password and e-mail changes (features/auth). */
export const AUTH_ROUTES: RouteSpec[] = [
  {
    method: 'POST',
    url: '/auth/register',
    body: (_ctx, random) => ({
      firstName: 'Ana',
      lastName: 'Rodríguez',
      email: uniqueEmail(random),
      password: 'contraseña-fuzz',
      confirmPassword: 'contraseña-fuzz',
      phone: '+52 55 1234 5678',
      acceptTerms: true,
    }),
  },
  {
    method: 'POST',
    url: '/auth/login',
    // The fuzz account with its password, or an unknown account: failed guesses on the fuzz account
    // itself would slow its logins down (per-account throttling) and cost the run its session.
    body: (ctx, random) => ({
      ...(random.chance(0.3)
        ? { email: ctx.session.email, password: ctx.session.password }
        : { email: uniqueEmail(random), password: 'wrong-password' }),
      rememberMe: random.chance(0.5),
    }),
  },
  { method: 'POST', url: '/auth/logout', auth: 'session-ending' },
  { method: 'GET', url: '/auth/check', auth: 'session' },
  { method: 'POST', url: '/auth/refresh', auth: 'session-ending' },
  {
    method: 'PUT',
    url: '/auth/profile',
    auth: 'session',
    body: () => ({ firstName: 'Ana', lastName: 'Rodríguez', phone: '5512345678' }),
  },
  {
    method: 'PUT',
    url: '/auth/preferences',
    auth: 'session',
    body: (_ctx, random) => ({
      notifications: { email: random.chance(0.5), sms: random.chance(0.5) },
      newsletter: random.chance(0.5),
    }),
  },
  {
    method: 'PUT',
    url: '/auth/password',
    auth: 'session',
    // The current password with itself as the new one: refused (same password), so the fuzzer's own
    // session survives; a mutation of one field is refused too (the confirmation no longer matches).
    body: (ctx) => ({
      currentPassword: ctx.session.password,
      newPassword: ctx.session.password,
      confirmPassword: ctx.session.password,
    }),
  },
  {
    method: 'POST',
    url: '/auth/social/:provider',
    params: (_ctx, random) => ({ provider: random.pick(['google', 'facebook']) }),
  },
  { method: 'GET', url: '/auth/reservations', auth: 'session' },
  { method: 'GET', url: '/auth/booking-requests', auth: 'session' },
  { method: 'POST', url: '/auth/verify-email', body: (_ctx, random) => ({ token: random.hex(43) }) },
  { method: 'POST', url: '/auth/resend-verification', auth: 'session' },
  {
    method: 'POST',
    url: '/auth/verify-email/take-back',
    body: (_ctx, random) => ({
      token: random.hex(43),
      password: 'contraseña-nueva',
      confirmPassword: 'contraseña-nueva',
    }),
  },
  {
    method: 'POST',
    url: '/auth/email-change',
    auth: 'session',
    // Its own address: refused ("Ese ya es tu correo"), so the fuzzer's account keeps its address.
    body: (ctx) => ({ newEmail: ctx.session.email, currentPassword: ctx.session.password }),
  },
  {
    method: 'POST',
    url: '/auth/forgot-password',
    body: (ctx, random) => ({ email: random.chance(0.5) ? ctx.session.email : uniqueEmail(random) }),
  },
  {
    method: 'POST',
    url: '/auth/reset-password',
    body: (_ctx, random) => ({
      token: random.hex(43),
      password: 'contraseña-nueva',
      confirmPassword: 'contraseña-nueva',
    }),
  },
]
