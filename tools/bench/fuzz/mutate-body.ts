// Mutations of the request body: a JSON field changed or removed, prototype keys, the whole body
// replaced, a photo upload broken, the bytes and encoding of the body broken.
import { gzipSync } from 'node:zlib'
import { multipartBody } from '../multipart.ts'
import { jsonText, lastKey, type Mutation, parentOf, realIdsOf, valuePaths } from './draft.ts'
import {
  hostileFieldValue,
  hostileValue,
  type Json,
  type Labelled,
  RawJson,
  toJsonText,
  withOwnKey,
} from './hostile.ts'

export const mutateBodyField: Mutation = (draft, ctx, random) => {
  // No body (undefined) has no field, as a scalar or empty body has none.
  const root = draft.json
  const paths = root === undefined ? [] : valuePaths(root)
  if (root === undefined || paths.length === 0) return replaceBody(draft, ctx, random)
  const path = random.pick(paths)
  const [label, value] = hostileFieldValue(random, String(path[path.length - 1]), realIdsOf(ctx))
  parentOf(root, path)[lastKey(path)] = value
  return `body.${path.join('.')} = ${label}`
}

export const deleteBodyField: Mutation = (draft, _ctx, random) => {
  const root = draft.json
  const paths = root === undefined ? [] : valuePaths(root)
  if (root === undefined || paths.length === 0) return 'well-formed'
  const path = random.pick(paths)
  const parent = parentOf(root, path)
  const key = lastKey(path)
  if (Array.isArray(parent)) parent.splice(Number(key), 1)
  else delete parent[key]
  return `body.${path.join('.')} removed`
}

export const pollutePrototype: Mutation = (draft, _ctx, random) => {
  if (draft.json === undefined || draft.json === null || typeof draft.json !== 'object') {
    draft.json = {}
    draft.contentType = 'application/json'
  }
  const root = draft.json
  const objects = [[], ...valuePaths(root)].filter((path) => {
    const node = path.length === 0 ? root : parentOf(root, path)[lastKey(path)]
    return node !== null && typeof node === 'object' && !Array.isArray(node) && !(node instanceof RawJson)
  })
  const path = random.pick(objects)
  const node = (path.length === 0 ? root : parentOf(root, path)[lastKey(path)]) as Record<string, Json>
  const where = path.length === 0 ? 'body' : `body.${path.join('.')}`
  const kind = random.int(0, 2)
  if (kind === 0) {
    withOwnKey(node, '__proto__', { polluted: true, isAdmin: true })
    return `${where}.__proto__ = {polluted}`
  }
  if (kind === 1) {
    withOwnKey(node, 'constructor', { prototype: { polluted: true } })
    return `${where}.constructor.prototype = {polluted}`
  }
  draft.bodyBytes = null
  withOwnKey(node, 'hasOwnProperty', 'x')
  withOwnKey(node, 'toString', 'x')
  return `${where}.hasOwnProperty/toString = 'x'`
}

export const replaceBody: Mutation = (draft, _ctx, random) => {
  const [label, value] = random.chance(0.2)
    ? (['body wrapped in an array', [draft.json ?? {}]] as Labelled<Json>)
    : hostileValue(random)
  draft.json = value
  draft.bodyBytes = null
  draft.contentType = 'application/json'
  return `whole body = ${label}`
}

/** A photo upload broken the ways a phone, a proxy or an attacker may break it. */
export const mutateMultipart: Mutation = (draft, ctx, random) => {
  const photo = ctx.photo ?? Buffer.from([0xff, 0xd8, 0xff, 0xe0])
  const file = (body: Buffer | string, filename = 'IMG_0001.jpg') => ({
    name: 'photos',
    filename,
    contentType: 'image/jpeg',
    body,
  })
  const use = ({ contentType, body }: { contentType: string; body: Buffer }, label: string) => {
    draft.bodyBytes = body
    draft.contentType = contentType
    return label
  }
  return random.weighted<() => string>([
    [2, () => use(multipartBody([file('%PDF-1.4\n%%EOF\n', 'contrato.jpg')]), 'multipart: PDF named .jpg')],
    [
      2,
      () => use(multipartBody([file(photo.subarray(0, photo.length >> 1))]), 'multipart: photo cut in half'),
    ],
    [1, () => use(multipartBody([file(Buffer.alloc(0))]), 'multipart: empty file')],
    [
      1,
      () =>
        use(
          multipartBody([
            file(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000_000, 7)])),
          ]),
          'multipart: 2 MB of junk after a JPEG signature',
        ),
    ],
    [1, () => use(multipartBody(Array.from({ length: 11 }, () => file('x'))), 'multipart: 11 files')],
    [
      1,
      () =>
        use(
          multipartBody(Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, body: 'x' }))),
          'multipart: 40 fields',
        ),
    ],
    [
      1,
      () =>
        use(
          multipartBody([{ name: '__proto__', body: '{"polluted":true}' }, file(photo)]),
          'multipart: __proto__ field',
        ),
    ],
    [2, () => use(multipartBody([file(photo)], { close: false }), 'multipart: no final boundary')],
    [
      1,
      () => {
        const body = multipartBody([file(photo)])
        return use(
          { ...body, contentType: 'multipart/form-data; boundary=otra' },
          'multipart: wrong boundary',
        )
      },
    ],
    [
      1,
      () =>
        use(
          { ...multipartBody([file(photo)]), contentType: 'multipart/form-data' },
          'multipart: no boundary',
        ),
    ],
    [
      1,
      () =>
        use(
          multipartBody([
            { name: 'photos', filename: `${'á'.repeat(300)}.jpg`, contentType: 'image/jpeg', body: photo },
          ]),
          'multipart: 300-character file name',
        ),
    ],
  ])()
}

export const breakBodyEncoding: Mutation = (draft, _ctx, random) => {
  const text = jsonText(draft)
  const bytes = (value: string | Buffer, contentType: string | null, label: string) => {
    draft.bodyBytes = typeof value === 'string' ? Buffer.from(value) : value
    draft.contentType = contentType
    return label
  }
  return random.weighted<() => string>([
    [
      3,
      () =>
        bytes(text.slice(0, Math.max(1, Math.floor(text.length / 2))), 'application/json', 'truncated JSON'),
    ],
    [1, () => bytes('{"a":1,}', 'application/json', 'JSON with trailing comma')],
    [1, () => bytes("{'a':1}", 'application/json', 'JSON with single quotes')],
    [1, () => bytes('{"guests":NaN,"n":Infinity}', 'application/json', 'JSON with NaN literal')],
    [1, () => bytes(`/* c */${text}`, 'application/json', 'JSON with a comment')],
    [1, () => bytes(`\ufeff${text}`, 'application/json', 'JSON with a BOM')],
    [2, () => bytes('', 'application/json', 'empty body, JSON content type')],
    [1, () => bytes('  \n ', 'application/json', 'whitespace body')],
    [1, () => bytes(random.pick(['null', '"x"', '1', 'true', '[]']), 'application/json', 'JSON scalar body')],
    [
      2,
      () => {
        const [label, value] = hostileValue(random)
        const key = random.pick(['guests', 'email', 'checkIn', 'cabinId', 'token_id', 'type', 'password'])
        const duplicated = text.startsWith('{') && text !== '{}' ? `${text.slice(0, -1)},` : '{'
        return bytes(
          `${duplicated}"${key}":${toJsonText(value)}}`,
          'application/json',
          `duplicate key ${key} = ${label}`,
        )
      },
    ],
    [
      2,
      () =>
        bytes(
          Buffer.concat([
            Buffer.from(text.slice(0, -1)),
            Buffer.from(',"x":"\xff\xfe'),
            Buffer.from([0xff, 0xfe, 0xc3]),
            Buffer.from('"}'),
          ]),
          'application/json',
          'invalid UTF-8 bytes',
        ),
    ],
    [
      1,
      () =>
        bytes(
          Buffer.concat([
            Buffer.from('{"email":"a'),
            Buffer.from([0xc0, 0x80]),
            Buffer.from('@example.com"}'),
          ]),
          'application/json',
          'overlong UTF-8 NUL',
        ),
    ],
    [1, () => bytes(Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16', 'UTF-16 body')],
    [
      6,
      () => {
        const type = random.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/json; charset=latin1',
          'APPLICATION/JSON',
          'application/json, text/html',
          'application/jsonx',
          'application/vnd.api+json',
          'application/merge-patch+json',
          `application/json; ${'x=y; '.repeat(400)}`,
          'application/json;;;',
          '*/*',
          'text/html; charset=utf-8',
        ])
        return bytes(text, type, `content-type ${type.length > 40 ? `${type.slice(0, 40)}…` : type}`)
      },
    ],
    [1, () => bytes(text, null, 'body without content type')],
    [
      2,
      () =>
        bytes(
          'checkIn=2026-06-01&guests=2&guests=3&email[]=a&__proto__[x]=1',
          'application/x-www-form-urlencoded',
          'form-urlencoded body',
        ),
    ],
    [
      2,
      () =>
        bytes(
          '--fuzz\r\nContent-Disposition: form-data; name="guests"\r\n\r\n2\r\n--fuzz\r\nContent-Disposition: form-data; name="f"; filename="../../x.sh"\r\nContent-Type: application/octet-stream\r\n\r\n\u0000\u0001\r\n--fuzz--\r\n',
          'multipart/form-data; boundary=fuzz',
          'multipart body',
        ),
    ],
    [
      2,
      () => {
        draft.headers.push(['Content-Encoding', random.pick(['gzip', 'br', 'deflate', 'x-unknown'])])
        return bytes(
          random.chance(0.5) ? gzipSync(text) : text,
          'application/json',
          'content-encoding on the body',
        )
      },
    ],
    [
      2,
      () => {
        const size = random.pick([150_000, 1_000_000])
        return bytes(
          `{"pad":"${'p'.repeat(size)}",${text.slice(1)}`,
          'application/json',
          `body of ${size / 1000} kB`,
        )
      },
    ],
  ])()
}
