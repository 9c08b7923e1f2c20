import type { Random } from './random.ts'

/**
 * The catalogue of hostile values: each comes with a short label, which is what the report prints
 * (never the value itself, which may be 90 KB long).
 */

/** JSON text written as is: numbers JSON.stringify cannot write (-0, 1e309), duplicate keys, deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
}

export type Json = null | boolean | number | string | RawJson | Json[] | { [key: string]: Json }

/** JSON text of a value that may hold RawJson parts. Own keys only, so `__proto__` is written as a key. */
export function toJsonText(value: Json): string {
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value)
}

/** An object whose own key is `__proto__` (an object literal would set the prototype instead). */
export function withOwnKey(target: Record<string, Json>, key: string, value: Json): Record<string, Json> {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true })
  return target
}

export type Labelled<T> = [label: string, value: T]

const controlCharacter = (random: Random): Labelled<string> => {
  const code = random.pick([...Array.from({ length: 32 }, (_, i) => i), 0x7f, 0x85, 0x9b])
  return [`U+${code.toString(16).padStart(4, '0')}`, String.fromCharCode(code)]
}

/** Strings that break naive code: control characters, bad Unicode, injections, huge sizes. */
export function hostileString(random: Random): Labelled<string> {
  return random.weighted<() => Labelled<string>>([
    [2, () => ['empty string', '']],
    [1, () => ['spaces only', '   ']],
    [3, () => ['NUL', '\u0000']],
    [3, () => ['NUL inside text', `abc\u0000def`]],
    [
      3,
      () => {
        const [label, char] = controlCharacter(random)
        return [`control ${label} inside text`, `ab${char}cd`]
      },
    ],
    [1, () => ['CR LF header injection', 'abc\r\nSet-Cookie: x=1']],
    [2, () => ['lone high surrogate', 'ab\ud800cd']],
    [2, () => ['lone low surrogate', '\udc00']],
    [1, () => ['RTL override', '\u202egpj.exe']],
    [1, () => ['zero-width and BOM', '\ufeffa\u200bb\u200d']],
    [1, () => ['emoji ZWJ sequence', '👨‍👩‍👧‍👦🏳️‍🌈']],
    [1, () => ['NFD combining accents', 'Jose\u0301 Nin\u0303o']],
    [1, () => ['zalgo', 'z̷̡̛a̴͎l̸̰g̶̣o̵̮']],
    [1, () => ['fullwidth and arabic digits', '３٣']],
    [2, () => ['10 kB string', 'a'.repeat(10_000)]],
    [1, () => ['90 kB string', 'x'.repeat(90_000)]],
    [1, () => ['40k multibyte chars', 'ñ'.repeat(40_000)]],
    [2, () => ['SQL quote OR', "' OR '1'='1' --"]],
    [1, () => ['SQL drop', "'; DROP TABLE clients; --"]],
    [1, () => ['SQL sleep', '1); SELECT pg_sleep(10); --']],
    [1, () => ['SQL LIKE wildcards', '%_%\\']],
    [1, () => ['SQL cast', "'::uuid || $1"]],
    [2, () => ['HTML script', '<script>alert(1)</script>']],
    [1, () => ['HTML attribute', '"><svg onload=alert(1)>']],
    // '$' + '{…}': a template placeholder written on purpose, as text.
    [1, () => ['template injection', `$${'{7*7}'}{{7*7}}#{7*7}`]],
    [2, () => ['path traversal', '../../../../etc/passwd']],
    [1, () => ['encoded traversal', '..%2f..%2f..%2fetc%2fpasswd']],
    [1, () => ['percent NUL', '%00']],
    [1, () => ['printf format', '%s%s%n%x']],
    [1, () => ['prototype key', random.pick(['__proto__', 'constructor', 'prototype', 'toString'])]],
    [
      3,
      () => [
        'number-like text',
        random.pick([
          'NaN',
          'Infinity',
          '-0',
          '1e309',
          '0x2',
          ' 3 ',
          '3.0',
          '[3]',
          'true',
          'null',
          '-1',
          '9007199254740993',
        ]),
      ],
    ],
    [3, () => ['bad date', random.pick(BAD_DATES)]],
    [1, () => ['JSON-looking text', '{"$gt":""}']],
    [1, () => ['very long e-mail', `${'a'.repeat(300)}@example.com`]],
    [1, () => ['unicode e-mail', 'ñandú@méxico.mx']],
  ])()
}

/**
 * Text PostgreSQL cannot store (NUL, lone surrogates) or that breaks protocols (other control
 * characters), alone or around otherwise valid text.
 */
export function unstorableString(random: Random): Labelled<string> {
  const [label, char] = random.weighted<() => Labelled<string>>([
    [3, () => ['NUL', '\u0000']],
    [2, () => controlCharacter(random)],
    [2, () => ['lone high surrogate', '\ud800']],
    [1, () => ['lone low surrogate', '\udfff']],
  ])()
  return random.pick<Labelled<string>>([
    [label, char],
    [`${label} inside text`, `ana${char}maria`],
    [`${label} at the end of valid text`, `ana.fuzz@example.com${char}`],
    [`${label} before digits`, `${char}5512345678`],
  ])
}

/** Dates the calendar rules must refuse (or accept without a crash). */
export const BAD_DATES = [
  '0000-00-00',
  '2026-02-30',
  '2026-02-29',
  '2028-02-29',
  '9999-12-31',
  '2026-13-01',
  '2026-00-10',
  '-271821-04-20',
  '+275760-09-13',
  '2026-6-1',
  '20260601',
  '2026-06-01T00:00:00Z',
  '1970-01-01',
  '0001-01-01',
  ' 2026-06-01',
  '2026-06-01 ',
  '２０２６-０６-０１',
]

/** Whole-number edge cases as JSON values. */
export function hostileNumber(random: Random): Labelled<Json> {
  return random.pick<Labelled<Json>>([
    ['-0', new RawJson('-0')],
    ['1e309 (Infinity)', new RawJson('1e309')],
    ['-1e309', new RawJson('-1e309')],
    ['1e-400', new RawJson('1e-400')],
    ['2^53+1', new RawJson('9007199254740993')],
    ['30-digit number', new RawJson('123456789012345678901234567890')],
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['1e1', new RawJson('1e1')],
    ['MAX_VALUE', Number.MAX_VALUE],
    ['[3]', [3]],
    ['"3"', '3'],
    ['"0x2"', '0x2'],
    ['" 3 "', ' 3 '],
    ['"NaN"', 'NaN'],
    ['true', true],
    ['null', null],
  ])
}

/** Nesting deep enough to break recursive code (parsers, validators, loggers). */
function deepNesting(random: Random): Labelled<Json> {
  const depth = random.pick([100, 1_000, 10_000, 45_000])
  return random.chance(0.5)
    ? [`array nested ${depth} deep`, new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)]
    : [`object nested ${depth} deep`, new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)]
}

/** Any JSON value, of any type: the "wrong type" and "wrong shape" cases. */
export function hostileValue(random: Random): Labelled<Json> {
  return random.weighted<() => Labelled<Json>>([
    [10, () => hostileString(random)],
    [5, () => hostileNumber(random)],
    [1, () => ['null', null]],
    [1, () => ['true', true]],
    [1, () => ['empty array', []]],
    [1, () => ['empty object', {}]],
    [1, () => ['array of strings', ['a', 'b']]],
    [1, () => ['operator object', { $gt: '', $ne: null }]],
    [
      2,
      () => [
        'object with own __proto__ key',
        withOwnKey({ ok: 1 }, '__proto__', { polluted: true, isAdmin: true }),
      ],
    ],
    [1, () => ['constructor.prototype object', { constructor: { prototype: { polluted: true } } }]],
    [2, () => deepNesting(random)],
    [
      1,
      () => [
        'object with 5000 keys',
        Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])) as Json,
      ],
    ],
    [1, () => ['array of 20000 numbers', new RawJson(`[${'1,'.repeat(19_999)}1]`)]],
  ])()
}

/** Values for a field, shaped by what its name says it holds (dates, ids, e-mails, counts…). */
export function hostileFieldValue(random: Random, field: string, realIds: readonly string[]): Labelled<Json> {
  // What storage and providers choke on is tried most: a field a validator forgets is found fast.
  if (random.chance(0.3)) return unstorableString(random)
  if (random.chance(0.4)) return hostileValue(random)
  if (/check(in|out)|date/i.test(field)) return ['bad date', random.pick(BAD_DATES)]
  if (/id$/i.test(field)) return hostileId(random, realIds)
  if (/email/i.test(field)) {
    return random.pick<Labelled<Json>>([
      ['e-mail without dot', 'a@b'],
      ['e-mail with CRLF', 'a@b.com\r\nBcc: x@y.com'],
      ['quoted e-mail', '"a b"@example.com'],
      ['IP-literal e-mail', 'x@[127.0.0.1]'],
      ['upper-case e-mail', 'FUZZ@EXAMPLE.COM'],
      ['e-mail with NUL', 'a\u0000@example.com'],
      ['320-char e-mail', `${'a'.repeat(64)}@${'b'.repeat(251)}.com`],
    ])
  }
  if (/phone/i.test(field)) {
    return random.pick<Labelled<Json>>([
      ['phone with symbols', '+52 (33) 1234-5678'],
      ['fullwidth phone', '５５１２３４５６７８'],
      ['phone with NUL', '5512345678\u0000'],
      ['phone as number', 5512345678],
      ['11 digits', '55123456789'],
    ])
  }
  if (/guests|amount|nights|limit|offset|price|occupancy|fee|taxes/i.test(field)) return hostileNumber(random)
  return hostileValue(random)
}

/** Identifiers: invalid UUIDs, a real id altered, traversal. As decoded text (the caller encodes). */
export function hostileId(random: Random, realIds: readonly string[]): Labelled<string> {
  const real = realIds.length > 0 ? random.pick(realIds) : '6f1c2f1e-8a5b-4c1d-9e7f-0a1b2c3d4e5f'
  return random.pick<Labelled<string>>([
    ['nil UUID', '00000000-0000-0000-0000-000000000000'],
    ['max UUID', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
    ['not a UUID', 'not-a-uuid'],
    ['real id upper-case', real.toUpperCase()],
    ['real id with trailing space', `${real} `],
    ['real id with NUL', `${real}\u0000`],
    ['real id truncated', real.slice(0, 35)],
    ['real id plus char', `${real}0`],
    ['real id in braces', `{${real}}`],
    ['36 junk chars', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'],
    ['SQL in id', "1' OR '1'='1"],
    ['traversal in id', '../../etc/passwd'],
    ['number id', '1'],
    ['negative id', '-1'],
    ['huge id', '9'.repeat(400)],
    ['unicode id', 'cabaña-ñ'],
    ['emoji id', '🏠'],
  ])
}

/**
 * Path segments, already percent-encoded or deliberately raw (what a proxy could forward): traversal,
 * bad escapes, invalid UTF-8 sequences, NUL.
 */
export function hostileSegment(random: Random, realIds: readonly string[]): Labelled<string> {
  if (random.chance(0.4)) {
    const [label, id] = hostileId(random, realIds)
    return [label, encodeSegment(id)]
  }
  return random.pick<Labelled<string>>([
    ['..', '..'],
    ['.', '.'],
    ['encoded ../..', '..%2f..%2f..%2fetc%2fpasswd'],
    ['%2e%2e', '%2e%2e'],
    ['double-encoded ..', '%252e%252e%252f'],
    ['%00', '%00'],
    ['id%00.json', 'abc%00.json'],
    ['lone %', '%'],
    ['bad escape %zz', '%zz'],
    ['overlong UTF-8 dot', '%c0%ae%c0%ae'],
    ['invalid UTF-8 %ff', '%ff%fe'],
    ['UTF-8 surrogate bytes', '%ED%A0%80'],
    ['encoded slash', 'a%2Fb'],
    ['backslash traversal', '..%5c..%5cwin.ini'],
    ['semicolon params', 'a;jsessionid=1'],
    ['asterisk', '*'],
    ['quote and angle brackets', `"'<x>`],
    ['5000-char segment', 'a'.repeat(5000)],
    ['route placeholder', ':id'],
    ['encoded NUL and CRLF', '%00%0d%0a'],
  ])
}

/** encodeURIComponent, but a lone surrogate (which it refuses) becomes the bytes of a UTF-8 surrogate. */
export function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%A-Za-z0-9._~-]/g, (c) => {
      try {
        return encodeURIComponent(c)
      } catch {
        return '%ED%A0%80'
      }
    })
  }
}
