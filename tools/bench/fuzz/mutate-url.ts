// Mutations of where a request goes: its query, a path parameter, the media path, the path's shape, the
// method.
import { type Draft, encodePairs, type Mutation, queryPairs, realIdsOf } from './draft.ts'
import { encodeSegment, hostileId, hostileSegment, hostileString, type Labelled } from './hostile.ts'
import type { Random } from './random.ts'

const EXTRA_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'SEARCH',
]

const MEDIA_TRAVERSALS = [
  '/media/../package.json',
  '/media/%2e%2e/%2e%2e/package.json',
  '/media/cabins/..%2f..%2f..%2fsrc%2fconfig.ts',
  '/media/..%5c..%5cpackage.json',
  '/media/cabins/x/5.webp%00.png',
  '/media//etc/passwd',
  '/media/cabins/',
  '/media/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json',
  '/media/cabins/%ff.webp',
  '/media/%00',
  '/media/cabins/%ED%A0%80.webp',
  `/media/${'a/'.repeat(2000)}x.webp`,
]

export const mutateQuery: Mutation = (draft, ctx, random) => {
  const pairs = queryPairs(draft)
  const keys = pairs.length > 0 ? pairs.map(([key]) => key) : ['q', 'limit', 'checkIn']
  const key = random.pick(keys)
  const raw = (query: string, label: string) => {
    draft.rawQuery = query
    return label
  }
  return random.weighted<() => string>([
    [
      6,
      () => {
        const [label, value] = random.chance(0.5) ? hostileString(random) : hostileId(random, realIdsOf(ctx))
        const kept = pairs.filter(([name]) => name !== key)
        return raw(encodePairs([...kept, [key, value]]), `query ${key} = ${label}`)
      },
    ],
    [3, () => raw(`${encodePairs(pairs)}&${key}=1&${key}=2`, `query ${key} repeated`)],
    [
      3,
      () =>
        raw(
          `${encodePairs(pairs.filter(([name]) => name !== key))}&${key}[]=1&${key}[]=2`,
          `query ${key}[] array`,
        ),
    ],
    [1, () => raw(`${encodePairs(pairs)}&${key}[a][b]=1&${key}[0]=x`, `query ${key} nested brackets`)],
    [2, () => raw(encodePairs(pairs.filter(([name]) => name !== key)), `query ${key} removed`)],
    [
      2,
      () =>
        raw(
          `${encodePairs(pairs)}&__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x&hasOwnProperty=1`,
          'query prototype keys',
        ),
    ],
    [
      3,
      () => {
        const junk = random.pick([
          '%',
          '%zz=1',
          '&&&',
          '=',
          'a==b',
          'a=%00',
          'a=%ff%fe',
          '+=+',
          '%ED%A0%80=1',
          ';a=1',
        ])
        return raw(`${encodePairs(pairs)}&${junk}`, `query junk ${junk}`)
      },
    ],
    [
      2,
      () => {
        const size = random.pick([8_000, 20_000])
        return raw(`${encodePairs(pairs)}&${key}=${'a'.repeat(size)}`, `query value of ${size} chars`)
      },
    ],
    [
      1,
      () => raw(Array.from({ length: 1500 }, (_, i) => `p${i}=${i}`).join('&'), 'query with 1500 parameters'),
    ],
  ])()
}

export const mutatePathParam: Mutation = (draft, ctx, random) => {
  const names = Object.keys(draft.params)
  const name = random.pick(names)
  const [label, segment] = hostileSegment(random, realIdsOf(ctx))
  // Only a route's draft has path parameters (mutate weighs this family 0 without them).
  if (draft.spec === null) throw new Error('path parameters belong to a route')
  const url = draft.spec.url
  draft.pathname = url
    .split('/')
    .map((part) => {
      if (part === `:${name}` || (part === '*' && name === '*')) return segment
      if (part.startsWith(':')) return encodeSegment(draft.params[part.slice(1)] ?? 'fuzz')
      if (part === '*') return draft.params['*'] ?? 'fuzz'
      return part.replace(/:(\w+)/g, (_, other: string) =>
        other === name ? segment : encodeSegment(draft.params[other] ?? 'fuzz'),
      )
    })
    .join('/')
  return `:${name} = ${label}`
}

export function mediaTraversal(draft: Draft, random: Random): string {
  draft.pathname = random.pick(MEDIA_TRAVERSALS)
  return `media path ${draft.pathname.length > 60 ? `${draft.pathname.slice(0, 60)}…` : draft.pathname}`
}

export const mutatePathShape: Mutation = (draft, _ctx, random) => {
  const path = draft.pathname
  const [label, next] = random.pick<Labelled<string>>([
    ['trailing slash', `${path}/`],
    ['double leading slash', `/${path}`],
    ['upper-case path', path.toUpperCase()],
    ['/./ inserted', path.replace(/^\/([^/]+)/, '/$1/.')],
    ['/x/../ inserted', path.replace(/^\/([^/]+)/, '/$1/x/..')],
    ['encoded first letter', path.replace(/^\/(.)/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`)],
    ['matrix parameter', `${path};jsessionid=1`],
    ['%00 appended', `${path}%00`],
    ['extra segment', `${path}/extra`],
    ['fragment', `${path}#frag`],
    ['absolute-form URL', `http://evil.example${path}`],
    ['8000-char extra segment', `${path}/${'a'.repeat(8000)}`],
  ])
  draft.pathname = next
  return label
}

export const changeMethod: Mutation = (draft, _ctx, random) => {
  const method = random.pick(EXTRA_METHODS.filter((name) => name !== draft.method))
  draft.method = method
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'TRACE') {
    if (random.chance(0.7)) {
      draft.json = undefined
      draft.contentType = null
    }
  }
  return `method ${method}${draft.json !== undefined ? ' with a body' : ''}`
}
