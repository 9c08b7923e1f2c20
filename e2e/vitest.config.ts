import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.spec.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser per file; two cores: keep files sequential so timings stay honest.
    fileParallelism: false,
  },
})
