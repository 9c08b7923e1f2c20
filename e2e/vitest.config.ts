import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    // A journey loads several pages in Chromium; on a loaded machine (docs/benchmarks.md) it takes
    // several times its quiet duration. Each wait inside it is bounded by fixtures.ts (60 s).
    testTimeout: 240_000,
    hookTimeout: 240_000,
    // One browser per file; two cores: keep files sequential so timings stay honest.
    fileParallelism: false,
  },
})
