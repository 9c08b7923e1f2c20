// The API test files whose outcome cannot depend on the database engine: neither they nor any module
// they import (relative imports, followed transitively) builds the test app on the project's engine
// (apps/api/src/test/build-test-app.ts) or reads TEST_ENGINE / TEST_DATABASE_URL. They run on the
// PGlite project only; running them again in the PostgreSQL project would repeat the very same test
// (the server they spawn, if any, runs on its own embedded database either way).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const ENGINE_MODULE = path.join('test', 'build-test-app.ts')
const ENGINE_VARIABLES = /\b(TEST_ENGINE|TEST_DATABASE_URL)\b/

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(full)
    return entry.name.endsWith('.test.ts') ? [full] : []
  })
}

function dependsOnEngine(file, seen) {
  if (seen.has(file)) return false
  seen.add(file)
  if (file.endsWith(ENGINE_MODULE)) return true
  const source = readFileSync(file, 'utf8')
  if (ENGINE_VARIABLES.test(source)) return true
  for (const [, specifier] of source.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), specifier)
    if (existsSync(target) && dependsOnEngine(target, seen)) return true
  }
  return false
}

/** The engine-agnostic test files under `apiSrc`, relative to `root` (for Vitest's `exclude`). */
export function engineAgnosticTests(root, apiSrc = path.join(root, 'apps/api/src')) {
  return testFiles(apiSrc)
    .filter((file) => !dependsOnEngine(file, new Set()))
    .map((file) => path.relative(root, file))
}
