// Builds the app when a source changed since the last build (unless --no-build) and runs the
// end-to-end specs with Playwright Test in Debian Chromium against the built server:
//   node scripts/e2e.mjs [--no-build] [e2e/<spec>.ts ...]
// A failed test runs once more with a trace, kept in test-results/e2e/ (a pass on the retry still fails
// the run: flaky); the HTML report is in test-results/e2e-report/
// (`npx playwright show-report test-results/e2e-report`).
import { spawnSync } from 'node:child_process'
import { ensureChromium } from './ensure-chromium.mjs'

ensureChromium()
// Playwright never fetches a browser of its own: Debian's Chromium is the one (e2e/playwright.config.ts).
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
if (!process.argv.includes('--no-build')) run('node', ['scripts/build.mjs', '--if-changed'])
run('npx', [
  'playwright',
  'test',
  '--config',
  'e2e/playwright.config.ts',
  ...process.argv.slice(2).filter((a) => a !== '--no-build'),
])
