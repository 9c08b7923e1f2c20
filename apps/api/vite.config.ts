import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'

const src = path.join(import.meta.dirname, 'src')

/**
 * Files the server reads at run time next to its own module (`import.meta.dirname`). In the bundle
 * every module is `dist/server.js`, so each goes to `dist/` under the name the code reads: the built
 * server carries the migrations and the sandbox script it was built with.
 */
const RUNTIME_FILES = [
  // The migrator reads meta/_journal.json and the .sql files; drizzle-kit's snapshots stay behind.
  { from: 'db/migrations', to: 'migrations', skip: /_snapshot\.json$/ },
  { from: '../../openpay-sandbox/src/openpay-sandbox.js', to: 'openpay-sandbox.js' },
]

function filesUnder(relative: string): string[] {
  const full = path.join(src, relative)
  const entries = readdirSync(full, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(full, path.join(entry.parentPath, entry.name)))
}

function runtimeFiles(): Plugin {
  return {
    name: 'cabanas:runtime-files',
    apply: 'build',
    generateBundle() {
      for (const { from, to, skip } of RUNTIME_FILES) {
        const isFile = path.extname(from) !== ''
        for (const file of isFile ? [''] : filesUnder(from).filter((name) => !skip?.test(name))) {
          this.emitFile({
            type: 'asset',
            fileName: path.posix.join(to, file.split(path.sep).join('/')),
            source: readFileSync(path.join(src, from, file)),
          })
        }
      }
    },
  }
}

/**
 * The API server as one ES module, `dist/server.js`, for `npm run serve`: our workspace packages
 * (`@cabanas/domain` and `@cabanas/openpay-sandbox` ship TypeScript sources) are bundled in; every package from node_modules stays
 * an import, resolved at run time from the production install.
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [runtimeFiles()],
  logLevel: 'warn',
  // Explicit, though linked workspace packages are bundled anyway: Node cannot import their .ts.
  ssr: { noExternal: ['@cabanas/domain', '@cabanas/contracts', '@cabanas/openpay-sandbox'] },
  build: {
    ssr: 'src/server.ts',
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: false } },
  },
})
