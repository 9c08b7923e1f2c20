// Builds the app when a source changed since the last build (unless --no-build) and runs the
// end-to-end specs in Debian Chromium against the built server.
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'

ensureChromium()
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
if (!process.argv.includes('--no-build')) run('node', ['scripts/build.mjs', '--if-changed'])
run('npx', [
  'vitest',
  'run',
  '--config',
  'e2e/vitest.config.ts',
  ...process.argv.slice(2).filter((a) => a !== '--no-build'),
])
