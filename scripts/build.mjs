// `npm run build`: the web app (apps/web/dist) and the API server bundled to JavaScript
// (apps/api/dist/server.js), then a stamp with the hash of every source that went in.
// `--if-changed` (npm start, e2e, benchmarks) builds only when that hash differs from the stamp.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..')

/** Everything a build reads from the repository. Tests and the API's media are not built. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'packages/domain/package.json',
  'packages/domain/src',
  'packages/contracts/package.json',
  'packages/contracts/src',
  'apps/api/package.json',
  'apps/api/vite.config.ts',
  'apps/api/src',
  'apps/openpay-sandbox/package.json',
  'apps/openpay-sandbox/src',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'apps/web/first-view-chunks.ts',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/src',
  // What it writes beside the web's files (the compressed copies).
  'scripts/build.mjs',
]
const NOT_BUILT = /(\.(test|spec)\.[jt]sx?$)|(^|\/)test\//
const OUTPUTS = ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js', 'apps/api/dist/server.js']
const STAMP = 'apps/api/dist/build-stamp.json'

/** The input itself when it is a file, else every file under it. */
function listFiles(relative) {
  const full = path.join(root, relative)
  if (!existsSync(full)) return []
  if (statSync(full).isFile()) return [relative]
  const entries = readdirSync(full, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
}

/** One hash over the paths and contents of every input file. */
export function hashInputs() {
  const files = INPUTS.flatMap(listFiles)
    .filter((file) => !NOT_BUILT.test(file))
    .sort()
  const hash = createHash('sha256')
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0')
  return hash.digest('hex')
}

/** True when the outputs exist and were built from exactly the sources on disk now. */
export function isBuildCurrent(inputsHash = hashInputs()) {
  if (!OUTPUTS.every((output) => existsSync(path.join(root, output)))) return false
  try {
    return JSON.parse(readFileSync(path.join(root, STAMP), 'utf8')).inputs === inputsHash
  } catch {
    return false
  }
}

async function loadVite() {
  try {
    return await import('vite')
  } catch {
    console.error(
      'No se puede compilar: faltan las dependencias de desarrollo (vite). Instálalas con `npm ci` y vuelve a correr `npm run build`.',
    )
    process.exit(1)
  }
}

/** What the browser downloads as text, worth compressing (fonts and images are compressed already). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/
/** Below this a compressed copy saves less than its own headers cost. */
const COMPRESS_MIN_BYTES = 1024

/**
 * Beside each compressible file of the web's build, its brotli (`.br`, the highest quality) and gzip
 * (`.gz`) copies, which the server sends as they are (plugins/static.ts): 13 % fewer bytes than the
 * quality the server can afford per request (4), and no compressing per request. Not index.html: the
 * server sends it with this installation's settings in it.
 */
export function precompress(distDir) {
  for (const entry of readdirSync(distDir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name)
    // .vite holds the manifest, read by the server, never sent.
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name) || file.includes(`${path.sep}.vite${path.sep}`))
      continue
    const content = readFileSync(file)
    if (content.length < COMPRESS_MIN_BYTES) continue
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    })
    writeFileSync(`${file}.br`, brotli)
    writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }))
  }
}

export async function build() {
  const started = performance.now()
  const inputs = hashInputs()
  const { build: viteBuild } = await loadVite()
  console.log('Compilando la web y el servidor…')
  rmSync(path.join(root, STAMP), { force: true })
  await viteBuild({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
  })
  // The page renderer: the same app, built for Node, loaded by the API (features/pages).
  await viteBuild({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    logLevel: 'warn',
    // Self-contained and production React whatever NODE_ENV the server runs with (npm start runs
    // without one): every package is bundled, and React's production build chosen at build time.
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/ssr/entry-server.tsx',
      outDir: 'dist-ssr',
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node20',
    },
  })
  await viteBuild({ configFile: path.join(root, 'apps/api/vite.config.ts'), logLevel: 'warn' })
  precompress(path.join(root, 'apps/web/dist'))
  writeFileSync(path.join(root, STAMP), `${JSON.stringify({ inputs, builtAt: new Date().toISOString() })}\n`)
  console.log(`Compilado en ${((performance.now() - started) / 1000).toFixed(1)} s.`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-changed') && isBuildCurrent()) {
    console.log('La compilación está al día: ninguna fuente cambió desde la última.')
  } else {
    await build()
  }
}
