import { availableParallelism } from 'node:os'
import { defineConfig, type TestProjectConfiguration } from 'vitest/config'
import { engineAgnosticTests } from './scripts/engine-agnostic-tests.mjs'

// Timeouts fit a loaded machine (issue 19): `npm test` passes beside a CPU burner on two cores
// (docs/benchmarks.md), where a test takes several times its quiet duration. They only bound a hang:
// a passing test is as fast as ever. apps/web/vitest.config.ts and e2e/playwright.config.ts do the same.
const unitTimeouts = { testTimeout: 60_000, hookTimeout: 120_000 }

const apiProject = (engine: 'pglite' | 'postgres'): TestProjectConfiguration => ({
  test: {
    name: `api-${engine}`,
    include: ['apps/api/src/**/*.test.ts'],
    // A test that cannot tell the engines apart runs once, on PGlite (scripts/engine-agnostic-tests.mjs).
    exclude: engine === 'postgres' ? engineAgnosticTests(import.meta.dirname) : [],
    environment: 'node',
    env: { TEST_ENGINE: engine },
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    // The files of a worker share one module graph: each file builds its own app on its own database
    // (buildTestApp), and importing the app's modules again for every file cost more CPU than most
    // files' tests (docs/benchmarks.md: api-pglite 882 s of CPU isolated, 495 s shared).
    isolate: false,
    // A test may build an app on a fresh database (PGlite migrates in this very thread): measured at
    // 109 s for one such test at load average 13 on two cores (docs/benchmarks.md).
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
})

// API tests always run on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const apiProjects = [apiProject('pglite'), ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : [])]

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) is one worker on CI's two cores, and a test
    // file mostly runs on one thread: two files at a time use both (measured in docs/benchmarks.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          // The contracts are pure like the domain and tested with it.
          include: ['packages/domain/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          ...unitTimeouts,
        },
      },
      {
        test: {
          name: 'openpay-sandbox',
          include: ['apps/openpay-sandbox/src/**/*.test.ts'],
          environment: 'node',
          ...unitTimeouts,
        },
      },
      {
        test: {
          // The build's and the benches' own helpers (scripts/*.mjs).
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
          ...unitTimeouts,
        },
      },
      ...apiProjects,
      './apps/web/vitest.config.ts',
    ],
  },
})
