import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import staticPlugin from './static.ts'

/** A built web as scripts/build.mjs leaves it: a script with its brotli and gzip copies beside it. */
const SCRIPT = `export const greeting = ${JSON.stringify('¡Hola desde Mazamitla! '.repeat(200))}\n`

/** Copies at qualities the server never uses per request, so their bytes tell them from its own. */
const BROTLI = brotliCompressSync(SCRIPT)
const GZIP = gzipSync(SCRIPT, { level: 9 })

let dist: string
let app: FastifyInstance

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'cabanas-static-'))
  mkdirSync(path.join(dist, 'assets'))
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><!--app-config-->')
  const script = path.join(dist, 'assets', 'app-abc123.js')
  writeFileSync(script, SCRIPT)
  writeFileSync(`${script}.br`, BROTLI)
  writeFileSync(`${script}.gz`, GZIP)
  // As app.ts registers them: compression for what is not compressed already, then the files.
  app = Fastify()
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] })
  await app.register(staticPlugin, {
    config: { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent' }), webDistDir: dist },
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  rmSync(dist, { recursive: true, force: true })
})

const script = (acceptEncoding?: string) =>
  app.inject({
    url: '/assets/app-abc123.js',
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

describe('the web build’s files', () => {
  it('are sent as the brotli copy the build wrote, to a browser that takes brotli', async () => {
    const res = await script('gzip, deflate, br')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers.vary).toContain('accept-encoding')
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    // The build's copy byte for byte (the server's own brotli, quality 4, differs), which reads as the file.
    expect(res.rawPayload.equals(BROTLI)).toBe(true)
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT)
  })

  it('as the gzip copy to a browser that takes only gzip, and as the file itself to one that takes neither', async () => {
    const gzipped = await script('gzip')
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gzipped.rawPayload.equals(GZIP)).toBe(true)
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT)

    const plain = await script('identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
  })

  it('has no address for the copies themselves', async () => {
    for (const copy of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz'])
      expect((await app.inject({ url: copy })).statusCode).toBe(404)
  })
})
