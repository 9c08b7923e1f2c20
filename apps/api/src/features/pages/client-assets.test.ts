import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readModuleFiles } from './client-assets.ts'

const scratch = mkdtempSync(path.join(tmpdir(), 'cabanas-client-assets-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A web build folder whose .vite/manifest.json is `manifest`. */
function distWith(name: string, manifest: unknown): string {
  const dist = path.join(scratch, name)
  mkdirSync(path.join(dist, '.vite'), { recursive: true })
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest))
  return dist
}

describe('readModuleFiles', () => {
  it("lists a module's chunk and every chunk it imports statically, transitively, but not its lazy imports", () => {
    const dist = distWith('graph', {
      'index.html': {
        file: 'assets/index-a.js',
        isEntry: true,
        imports: ['_boot-b.js'],
        dynamicImports: ['src/app/start.tsx'],
        css: ['assets/index-c.css'],
      },
      '_boot-b.js': { file: 'assets/boot-b.js' },
      'src/app/start.tsx': { file: 'assets/start-d.js', imports: ['_app-e.js', '_boot-b.js'] },
      '_app-e.js': { file: 'assets/app-e.js', imports: ['_boot-b.js'] },
      'src/app/routes/cabin-page.tsx': {
        file: 'assets/cabin-page-f.js',
        imports: ['_app-e.js'],
        dynamicImports: ['src/features/bookings/request-booking-dialog.tsx'],
      },
      'src/features/bookings/request-booking-dialog.tsx': { file: 'assets/request-g.js' },
      'src/styles.css': { file: 'assets/index-c.css' },
    })
    const files = readModuleFiles(dist)
    expect(files['index.html']).toEqual(['/assets/index-a.js', '/assets/boot-b.js'])
    expect(files['src/app/start.tsx']).toEqual([
      '/assets/start-d.js',
      '/assets/app-e.js',
      '/assets/boot-b.js',
    ])
    expect(files['src/app/routes/cabin-page.tsx']).toEqual([
      '/assets/cabin-page-f.js',
      '/assets/app-e.js',
      '/assets/boot-b.js',
    ])
    // Stylesheets are inlined in the page, not preloaded.
    expect(files['src/styles.css']).toEqual([])
  })

  it('is empty for a build without a manifest', () => {
    const dist = path.join(scratch, 'no-manifest')
    mkdirSync(dist, { recursive: true })
    expect(readModuleFiles(dist)).toEqual({})
  })
})
