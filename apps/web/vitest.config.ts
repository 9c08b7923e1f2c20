import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // The files of a worker share one jsdom and one module graph: making a fresh jsdom and importing
    // React, Testing Library and MSW again for each of the 82 files cost more than the tests did
    // (docs/benchmarks.md). setup.ts still runs per file, and its afterEach leaves the document, the
    // storage, the timers and the network as it found them; a file that swaps the document restores it.
    isolate: false,
    // Fit a loaded machine, like the other projects (../../vitest.config.ts): jsdom renders and user
    // events take several times longer beside a CPU burner than Vitest's default 5 s allows.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
