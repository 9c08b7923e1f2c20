import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { precompress } from './build.mjs'

const dirs = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A build folder with these files (relative path → content). */
function distWith(files) {
  const dir = mkdtempSync(path.join(tmpdir(), 'precompress-'))
  dirs.push(dir)
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), content)
  }
  return dir
}

const code = `export const cabins = ${JSON.stringify(Array.from({ length: 150 }, (_, i) => `Cabaña ${i}`))}\n`

describe('precompress', () => {
  it('writes a brotli and a gzip copy beside each text file of 1 KB or more, nested too, each the same bytes', () => {
    const dist = distWith({
      'assets/app.js': code,
      'assets/deep/styles.css': code.repeat(2),
      'icons.svg': code,
    })
    precompress(dist)
    for (const name of ['assets/app.js', 'assets/deep/styles.css', 'icons.svg']) {
      const original = readFileSync(path.join(dist, name))
      const brotli = readFileSync(path.join(dist, `${name}.br`))
      const gzip = readFileSync(path.join(dist, `${name}.gz`))
      expect(brotliDecompressSync(brotli).equals(original)).toBe(true)
      expect(gunzipSync(gzip).equals(original)).toBe(true)
      expect(brotli.length).toBeLessThan(original.length)
    }
  })

  it('leaves alone small files, what is compressed already, the page the server fills in and the manifest', () => {
    const dist = distWith({
      'assets/tiny.js': 'export {}\n',
      'photo.webp': code,
      'assets/font.woff2': code,
      'index.html': `<!doctype html><script>${code}</script>`,
      '.vite/manifest.json': code,
    })
    precompress(dist)
    const written = readdirSync(dist, { recursive: true }).filter((name) => /\.(br|gz)$/.test(name))
    expect(written).toEqual([])
  })
})
