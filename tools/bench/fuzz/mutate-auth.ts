// Mutations of who asks and how: forged and broken credentials, and hostile headers.
import { basic } from './auth.ts'
import type { FuzzContext } from './context.ts'
import { type Mutation, setHeader } from './draft.ts'
import type { Labelled } from './hostile.ts'

function forgedTokens(ctx: FuzzContext): Labelled<string>[] {
  const token = ctx.session.token ?? 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'
  const [header = '', payload = '', signature = ''] = token.split('.')
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  let claims: Record<string, unknown> = {}
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {}
  return [
    ['alg none JWT', `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`],
    ['alg none, no signature part', `${b64({ alg: 'none' })}.${payload}`],
    [
      'tampered claims',
      `${header}.${b64({ ...claims, clientId: '00000000-0000-0000-0000-000000000000', sub: 'x' })}.${signature}`,
    ],
    ['expired claims', `${header}.${b64({ ...claims, exp: 1, iat: 0 })}.${signature}`],
    ['exp 1e309', `${header}.${Buffer.from('{"exp":1e309,"iat":-0}').toString('base64url')}.${signature}`],
    ['HS512 header', `${b64({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`],
    ['kid traversal header', `${b64({ alg: 'HS256', kid: '../../../dev/null' })}.${payload}.${signature}`],
    ['wrong signature', `${header}.${payload}.${'A'.repeat(43)}`],
    ['real token plus a char', `${token}x`],
    ['garbage token', 'garbage'],
    ['three dots', 'a.b.c'],
    ['payload not JSON', `${header}.${Buffer.from('\u0000not json').toString('base64url')}.${signature}`],
    ['8 kB token', 'e'.repeat(8000)],
  ]
}

export const mutateAuth: Mutation = (draft, ctx, random) => {
  const headers = draft.headers
  return random.weighted<() => string>([
    [
      6,
      () => {
        const [label, value] = random.pick<Labelled<string>>([
          ...forgedTokens(ctx).map(
            ([name, token]) => [`Bearer ${name}`, `Bearer ${token}`] as Labelled<string>,
          ),
          ['Bearer without token', 'Bearer'],
          ['Bearer and spaces', 'Bearer    '],
          ['lower-case bearer', `bearer ${ctx.session.token ?? 'x'}`],
          ['Basic garbage', 'Basic !!!notbase64!!!'],
          ['Basic empty credentials', basic('')],
          ['Basic without colon', `Basic ${Buffer.from('user').toString('base64')}`],
          ['Basic sandbox public key', ctx.sandbox ? basic(ctx.sandbox.publicKey) : basic('pk_x')],
          ['Basic webhook user, wrong password', basic(ctx.webhook.user, 'wrong-password-123')],
          ['Basic 4 kB', `Basic ${'QUFB'.repeat(1000)}`],
          ['Digest scheme', 'Digest username="x", realm="y"'],
          ['latin-1 bytes in token', 'Bearer \u00f1\u00e9\u00ff'],
        ])
        setHeader(headers, 'Authorization', value)
        return `Authorization: ${label}`
      },
    ],
    [
      1,
      () => {
        headers.push(
          ['Authorization', `Bearer ${ctx.session.spareToken ?? 'x'}`],
          ['Authorization', 'Bearer garbage'],
        )
        return 'Authorization header twice'
      },
    ],
    [
      3,
      () => {
        const real = ctx.reservation?.accessToken ?? 'r'.repeat(32)
        const [label, value] = random.pick<Labelled<string>>([
          ['empty', ''],
          ['15 chars', 'a'.repeat(15)],
          ['16 chars', 'a'.repeat(16)],
          ['real token with a space', `${real} `],
          ['real token upper-case', real.toUpperCase()],
          ['10 kB', 't'.repeat(10_000)],
          ['SQL', "' OR '1'='1' -- xxxxxxxxxxxx"],
          ['latin-1 bytes', '\u00f1'.repeat(20)],
        ])
        setHeader(headers, 'X-Reservation-Token', value)
        if (random.chance(0.2)) headers.push(['X-Reservation-Token', real])
        return `X-Reservation-Token: ${label}`
      },
    ],
    [
      3,
      () => {
        const [label, value] = random.pick<Labelled<string>>([
          ['empty', ''],
          ['7 chars', 'abcdefg'],
          ['101 chars', 'k'.repeat(101)],
          ['with spaces', 'fuzz key with spaces'],
          ['latin-1 bytes', '\u00f1'.repeat(10)],
          ['SQL', "';DROP TABLE idempotency_keys;--"],
          ['fixed key reused with other bodies', 'fuzz-fixed-idempotency-key-1'],
          ['fixed key reused with other bodies', 'fuzz-fixed-idempotency-key-2'],
        ])
        setHeader(headers, 'Idempotency-Key', value)
        if (random.chance(0.15)) headers.push(['Idempotency-Key', 'fuzz-second-value-0001'])
        return `Idempotency-Key: ${label}`
      },
    ],
  ])()
}

export const mutateHeaders: Mutation = (draft, _ctx, random) => {
  const headers = draft.headers
  const set = (name: string, value: string, label: string) => {
    setHeader(headers, name, value)
    return label
  }
  return random.weighted<() => string>([
    [
      3,
      () => {
        const [label, value] = random.pick<Labelled<string>>([
          ['unknown', 'unknown'],
          ['empty', ''],
          ['IPv6 and IPv4 list', '::1, 1.2.3.4'],
          ['invalid address', '999.999.999.999'],
          ['1000 addresses', Array.from({ length: 1000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', ')],
          ['5000 chars', 'a'.repeat(5000)],
          ['spoofed loopback', '127.0.0.1'],
          ['IPv6 zone', 'fe80::1%eth0'],
        ])
        return set('X-Forwarded-For', value, `X-Forwarded-For: ${label}`)
      },
    ],
    [1, () => set('X-Forwarded-Host', 'evil.example', 'X-Forwarded-Host: evil.example')],
    [1, () => set('X-Forwarded-Proto', 'javascript', 'X-Forwarded-Proto: javascript')],
    [1, () => set('Forwarded', 'for=1.2.3.4;host=evil.example;proto=http', 'Forwarded header')],
    [
      2,
      () =>
        set(
          'Host',
          random.pick(['evil.example', 'localhost:99999', '[::1', 'a'.repeat(300)]),
          'Host header altered',
        ),
    ],
    [2, () => set('Accept', 'text/html,application/xhtml+xml', 'Accept: text/html')],
    [1, () => set('Accept', `${'application/x-fuzz, '.repeat(300)}*/*`, 'Accept of 6 kB')],
    [
      2,
      () => {
        const value = random.pick([
          'br',
          'gzip',
          'deflate',
          'identity;q=0',
          '*;q=0',
          'gzip;q=NaN',
          'zstd',
          ',',
        ])
        return set('Accept-Encoding', value, `Accept-Encoding: ${value}`)
      },
    ],
    [
      2,
      () => {
        const value = random.pick([
          'bytes=0-0',
          'bytes=-1',
          'bytes=999999999-',
          'bytes=5-1',
          'items=0-1',
          `bytes=${Array.from({ length: 200 }, (_, i) => `${i}-${i}`).join(',')}`,
        ])
        return set('Range', value, `Range: ${value.slice(0, 30)}`)
      },
    ],
    [1, () => set('If-None-Match', random.pick(['*', 'garbage', '"x", W/"y"']), 'If-None-Match altered')],
    [
      1,
      () =>
        set(
          'If-Modified-Since',
          random.pick(['garbage', 'Thu, 01 Jan 1970 00:00:00 GMT']),
          'If-Modified-Since altered',
        ),
    ],
    [1, () => set('Cookie', `a=${'c'.repeat(8000)}; __proto__=x`, 'Cookie of 8 kB')],
    [1, () => set('Origin', random.pick(['null', 'http://evil.example']), 'Origin altered')],
    [1, () => set('Expect', random.pick(['100-continue', 'fuzz']), 'Expect header')],
    [
      1,
      () => {
        for (let i = 0; i < 150; i++) headers.push([`X-Fuzz-${i}`, String(i)])
        return '150 extra headers'
      },
    ],
    [1, () => set('X-Fuzz-Big', 'h'.repeat(random.pick([12_000, 20_000])), 'one oversized header')],
    [
      1,
      () => {
        headers.push(['Content-Type', 'text/plain'])
        return 'Content-Type twice'
      },
    ],
  ])()
}
