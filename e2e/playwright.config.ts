import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../scripts/chromium.mjs'
import { E2E_RETRIES, E2E_WAIT_MS } from './fixtures.ts'

/** Where a run leaves its traces (kept for the retry of a failed test only) and its HTML report; both gitignored. */
const results = '../test-results'

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // The shared app, built, on a fresh database (global-setup.ts); a spec may start its own as well.
  globalSetup: './global-setup.ts',
  // A journey loads several pages in Chromium; on a loaded machine (docs/benchmarks.md) it takes
  // several times its quiet duration. Each wait inside it is bounded by E2E_WAIT_MS (fixtures.ts).
  timeout: 240_000,
  expect: { timeout: E2E_WAIT_MS },
  // One spec file at a time on two cores, so timings stay honest; a file's tests run in order.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // A failed test runs once more with a trace recorded (`trace` below), and the run fails all the same:
  // a test that passes only on its retry is flaky, and a flaky journey fails the gate. Recording a trace
  // of every passing test cost about a fifth of the journeys' time (docs/benchmarks.md).
  retries: E2E_RETRIES,
  failOnFlakyTests: true,
  outputDir: `${results}/e2e`,
  reporter: [['list'], ['html', { open: 'never', outputFolder: `${results}/e2e-report` }]],
  use: {
    browserName: 'chromium',
    // Debian's Chromium (scripts/ensure-chromium.mjs installs it): Playwright never downloads a browser.
    launchOptions: chromiumLaunchOptions(),
    // The retry of a failed test traces every context it opens (openJourney too) and keeps its trace.zip.
    trace: 'on-first-retry',
    actionTimeout: E2E_WAIT_MS,
    navigationTimeout: E2E_WAIT_MS,
  },
})
